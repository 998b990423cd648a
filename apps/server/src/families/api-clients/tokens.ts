import { createHmac, webcrypto } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { apiClientsApi } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/errors';
import type { ClientCache } from './client-cache';

const PURPOSE = 'api-client access tokens';
const ISSUER = 'urn:wharf:api-clients';
/** Our own tokens' `kid` is the secrets key they were signed under, marked as ours. */
const KID_PREFIX = 'wharf.';
const SERVICE_ACCOUNT_ALGORITHMS = ['RS256', 'PS256'];
/** The audience AppGallery Connect's service-account JWTs are signed for; existing clients send it. */
export const AGC_TOKEN_AUDIENCE = 'https://oauth-login.cloud.huawei.com/oauth2/v3/token';
/** A service account's JWT may live an hour at most, as AppGallery Connect's. */
const MAX_JWT_SECONDS = 3600;
const MAX_REMEMBERED = 20_000;

export type Presented = { kind: 'access-token'; clientId: string; issuedAtMs: number } | { kind: 'service-account'; clientId: string; clientRowId: string; keyId: string };

const refused = () => new AppError('apiClientInvalid');
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Signs one of our own access tokens (a compact HS256 JWT) with node:crypto: jose signs
 * through WebCrypto, whose asynchronous HMAC costs about ten times as much, and the token
 * call is a CI job's hot path. jose still verifies them (below), so a token this writes
 * wrongly is refused (docs/api-clients.md, decisions).
 */
function signHs256(header: object, payload: object, key: Uint8Array): string {
  const input = `${part(header)}.${part(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

/**
 * The Connect API's bearer credentials: access tokens this server signs for an API client
 * (HS256 under a key derived from SECRETS_KEY, so every instance checks them without a
 * database), and JWTs a service account signs with one of its keys (RS256 or PS256,
 * checked against the public key kept for its `kid`). Who holds them is checked by the
 * caller of `verify`, on every call, so a revoked client stops at once.
 */
export class BearerTokens {
  /** Tokens checked here, until they expire: a CI job sends the same one for every call. */
  readonly #checked = new Map<string, { presented: Presented; expiresAtMs: number }>();
  /** Signing keys imported once per secrets key: importing costs more than signing. */
  readonly #keys = new Map<string, Promise<webcrypto.CryptoKey>>();

  constructor(
    private readonly deps: Pick<Deps, 'clock' | 'secrets'>,
    private readonly cache: ClientCache,
  ) {}

  #cryptoKey(key: { keyId: string; bytes: Uint8Array }): Promise<webcrypto.CryptoKey> {
    let imported = this.#keys.get(key.keyId);
    if (!imported) {
      imported = webcrypto.subtle.importKey('raw', key.bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
      this.#keys.set(key.keyId, imported);
    }
    return imported;
  }

  async issue(clientId: string): Promise<{ access_token: string; expires_in: number }> {
    const key = this.deps.secrets.signingKey(PURPOSE)!;
    const nowMs = this.deps.clock.now().getTime();
    const now = Math.floor(nowMs / 1000);
    const expiresIn = apiClientsApi.ACCESS_TOKEN_SECONDS;
    // `iat` counts whole seconds; a secret revoked within the second before must still end
    // this token and a new secret's token in the second after must not be, so the issue
    // time also goes in milliseconds.
    const token = signHs256({ alg: 'HS256', kid: `${KID_PREFIX}${key.keyId}`, typ: 'JWT' }, { iat_ms: nowMs, iss: ISSUER, sub: clientId, iat: now, exp: now + expiresIn }, key.bytes);
    return { access_token: token, expires_in: expiresIn };
  }

  /** What a bearer token proves, or the refusal (401): `audiences` are those a service account may sign for. */
  async verify(token: string, audiences: string[]): Promise<Presented> {
    const nowMs = this.deps.clock.now().getTime();
    const kept = this.#checked.get(token);
    if (kept && kept.expiresAtMs > nowMs) return kept.presented;
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw refused();
    }
    const currentDate = new Date(nowMs);
    const checked = header.alg === 'HS256' && header.kid?.startsWith(KID_PREFIX) ? await this.#own(token, header.kid.slice(KID_PREFIX.length), currentDate) : await this.#serviceAccount(token, header, audiences, currentDate);
    if (this.#checked.size >= MAX_REMEMBERED) this.#checked.clear();
    this.#checked.set(token, checked);
    return checked.presented;
  }

  async #own(token: string, keyId: string, currentDate: Date) {
    const key = this.deps.secrets.signingKey(PURPOSE, keyId);
    if (!key) throw refused();
    const { payload } = await jwtVerify(token, await this.#cryptoKey(key), { algorithms: ['HS256'], issuer: ISSUER, currentDate, requiredClaims: ['sub', 'iat', 'exp', 'iat_ms'] }).catch(() => {
      throw refused();
    });
    if (typeof payload.iat_ms !== 'number') throw refused();
    return { presented: { kind: 'access-token' as const, clientId: payload.sub!, issuedAtMs: payload.iat_ms }, expiresAtMs: payload.exp! * 1000 };
  }

  async #serviceAccount(token: string, header: ReturnType<typeof decodeProtectedHeader>, audiences: string[], currentDate: Date) {
    // Never `none` nor a shared-secret algorithm: only the key pair the server gave out.
    if (!header.alg || !SERVICE_ACCOUNT_ALGORITHMS.includes(header.alg) || typeof header.kid !== 'string' || !/^[0-9a-f-]{36}$/.test(header.kid)) throw refused();
    const key = await this.cache.key(header.kid);
    if (!key) throw refused();
    const { payload } = await jwtVerify(token, key.publicKey, { algorithms: SERVICE_ACCOUNT_ALGORITHMS, audience: audiences, currentDate, requiredClaims: ['iss', 'iat', 'exp'] }).catch(() => {
      throw refused();
    });
    if (payload.exp! - payload.iat! > MAX_JWT_SECONDS) throw refused();
    const client = await this.cache.client(payload.iss!);
    if (!client || client.row.id !== key.clientRowId) throw refused();
    return { presented: { kind: 'service-account' as const, clientRowId: key.clientRowId, keyId: key.keyId, clientId: payload.iss! }, expiresAtMs: payload.exp! * 1000 };
  }
}
