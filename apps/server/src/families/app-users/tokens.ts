import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, decodeProtectedHeader, type JWK } from 'jose';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/errors';
import { signingKeysRepo } from './keys-repo';

/** Access tokens live an hour, as Firebase's ID tokens; apps refresh them. */
export const ACCESS_TOKEN_SECONDS = 3600;
const ALG = 'ES256';
export const issuerOf = (projectId: string) => `urn:wharf:project:${projectId}`;

export interface AccessClaims {
  appUserId: string;
  projectId: string;
  appId: string;
  sessionId: string;
  anonymous: boolean;
}

/** A key as jose takes it (a WebCrypto key; the server is built without DOM types). */
type Key = Parameters<SignJWT['sign']>[0];

interface SigningKey {
  kid: string;
  projectId: string;
  privateKey?: Key;
  publicKey: Key;
}

const refused = () => new AppError('appUserTokenInvalid');
const MAX_VERIFIED = 20_000;

/**
 * Signs and verifies a project's app-user access tokens (ES256 JWTs with a `kid`). Each
 * project gets its key pair on first use; the private key is sealed by the secrets port,
 * the public one published as the project's JWKS, so a team's own backend verifies
 * tokens without calling Wharf. Keys are kept per instance once read.
 */
export class AccessTokens {
  readonly #byKid = new Map<string, SigningKey>();
  /** Tokens verified here, until they expire: an app sends the same one for an hour. */
  readonly #verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  readonly #currentByProject = new Map<string, string>();

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'secrets'>) {}

  async sign(claims: AccessClaims): Promise<string> {
    const key = await this.#current(claims.projectId);
    const now = Math.floor(this.deps.clock.now().getTime() / 1000);
    return new SignJWT({ app_id: claims.appId, sid: claims.sessionId, anon: claims.anonymous })
      .setProtectedHeader({ alg: ALG, kid: key.kid, typ: 'JWT' })
      .setIssuer(issuerOf(claims.projectId))
      .setAudience(claims.projectId)
      .setSubject(claims.appUserId)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
      .sign(key.privateKey!);
  }

  /** The claims of a valid token of this project, or the refusal (401, appUserTokenInvalid). */
  async verify(token: string, projectId: string): Promise<AccessClaims> {
    const known = this.#verified.get(token);
    if (known) {
      if (known.claims.projectId === projectId && known.expiresAtMs > this.deps.clock.now().getTime()) return known.claims;
      if (known.expiresAtMs <= this.deps.clock.now().getTime()) this.#verified.delete(token);
      throw refused();
    }
    const claims = await this.#verifyAnew(token, projectId);
    if (this.#verified.size >= MAX_VERIFIED) this.#verified.delete(this.#verified.keys().next().value!);
    this.#verified.set(token, { claims, expiresAtMs: claims.expiresAtMs });
    return claims;
  }

  async #verifyAnew(token: string, projectId: string): Promise<AccessClaims & { expiresAtMs: number }> {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw refused();
    }
    const key = kid ? await this.#byKidOrLoad(kid) : null;
    if (!key || key.projectId !== projectId) throw refused();
    try {
      const { payload } = await jwtVerify(token, key.publicKey, { algorithms: [ALG], issuer: issuerOf(projectId), audience: projectId, currentDate: this.deps.clock.now() });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.app_id !== 'string') throw refused();
      return { appUserId: payload.sub, projectId, appId: payload.app_id, sessionId: payload.sid, anonymous: payload.anon === true, expiresAtMs: (payload.exp ?? 0) * 1000 };
    } catch {
      throw refused();
    }
  }

  /** The project's public keys as a JWKS (the current one and those retired within a token's life). */
  async jwks(projectId: string): Promise<{ keys: Array<Record<string, string>> }> {
    const since = new Date(this.deps.clock.now().getTime() - ACCESS_TOKEN_SECONDS * 1000);
    const rows = await signingKeysRepo.published(this.deps.db, projectId, since);
    return { keys: rows.map((r) => ({ ...r.publicJwk, kid: r.kid, alg: ALG, use: 'sig' })) };
  }

  async #current(projectId: string): Promise<SigningKey> {
    const known = this.#currentByProject.get(projectId);
    if (known) return this.#byKid.get(known)!;
    const { db, secrets, clock } = this.deps;
    let row = await signingKeysRepo.current(db, projectId);
    if (!row) {
      const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
      const kid = randomUUID();
      const publicJwk = (await exportJWK(publicKey)) as Record<string, string>;
      await db.transaction(async (tx) => {
        const { secret } = await secrets.create(tx, { scope: 'project', scopeId: projectId, name: `authSigningKey.${kid}`, kind: 'revealable', value: JSON.stringify(await exportJWK(privateKey)) });
        await signingKeysRepo.insert(tx, { kid, projectId, publicJwk, secretId: secret.id, createdAt: clock.now() });
      });
      row = (await signingKeysRepo.current(db, projectId))!;
    }
    const key = await this.#load(row.kid, true);
    this.#currentByProject.set(projectId, key!.kid);
    return key!;
  }

  async #byKidOrLoad(kid: string): Promise<SigningKey | null> {
    return this.#byKid.get(kid) ?? this.#load(kid, false);
  }

  async #load(kid: string, withPrivate: boolean): Promise<SigningKey | null> {
    const cached = this.#byKid.get(kid);
    if (cached && (!withPrivate || cached.privateKey)) return cached;
    const row = await signingKeysRepo.byKid(this.deps.db, kid);
    if (!row) return null;
    const publicKey = await importJWK(row.publicJwk as JWK, ALG);
    const privateKey = withPrivate ? await importJWK(JSON.parse((await this.deps.secrets.reveal(this.deps.db, row.secretId)).reveal()) as JWK, ALG) : undefined;
    const key: SigningKey = { kid, projectId: row.projectId, publicKey, ...(privateKey ? { privateKey } : {}) };
    this.#byKid.set(kid, key);
    return key;
  }
}
