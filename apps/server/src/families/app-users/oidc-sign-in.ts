import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { AppError, forbidden, invalidInput } from '../../platform/http/errors';
import { bearerUser } from './bearer';
import { digestOf, matchesDigest } from './digest';
import { disabledUser } from './errors';
import { linkIdentity, type ProviderClaims } from './oidc-identities';
import type { OidcClients } from './oidc-clients';
import { oidcCallbackUrl } from './oidc-providers';
import { oidcRepo } from './oidc-repo';
import { appUsersRepo } from './repo';
import type { AppUserSessions } from './sessions';
import type { AccessTokens } from './tokens';
import type { AppUserCache } from './user-cache';

/** A provider sign-in must come back and be finished within this long. */
export const FLOW_MINUTES = 10;

const expired = () =>
  invalidInput({ zh: '此登录已过期或已使用，请在应用中重新开始登录', en: 'This sign-in has expired or was already used; start it again from the app', ru: 'Этот вход истёк или уже использован; начните его снова из приложения' });

/**
 * Sign-in with an OpenID Connect provider, in three steps: the app starts it (Wharf keeps
 * the provider's `state`, `nonce` and PKCE verifier, and the app's own PKCE challenge);
 * the provider sends the browser to Wharf's callback, where the code is exchanged and the
 * ID token checked (openid-client), the user found, made or linked, and the browser sent on
 * to the app's redirect URI with a one-time code; the app finishes with that code and its
 * PKCE verifier and gets a session. The provider's client secret never reaches the app.
 */
export class OidcSignIn {
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'events' | 'config'>,
    private readonly clients: OidcClients,
    private readonly sessions: AppUserSessions,
    private readonly tokens: AccessTokens,
    private readonly users: AppUserCache,
  ) {}

  async start(caller: Caller, req: FastifyRequest, body: { providerId: string; redirectUri: string; codeChallenge: string; state?: string | undefined }) {
    const { db, clock } = this.deps;
    const projectId = caller.projectId!;
    const provider = await oidcRepo.provider(db, projectId, body.providerId);
    if (!provider?.enabled) throw forbidden({ zh: `该项目未开启身份提供方“${body.providerId}”`, en: `The identity provider “${body.providerId}” is not turned on for this project`, ru: `Поставщик входа «${body.providerId}» не включён в этом проекте` });
    if (!(await oidcRepo.redirectUris(db, projectId)).includes(body.redirectUri)) {
      throw invalidInput({ zh: '此重定向地址不在项目的允许列表中（认证服务 → 身份提供方）', en: "This redirect URI is not in the project's list (Auth Service → Identity providers)", ru: 'Этого адреса перенаправления нет в списке проекта (Auth Service → Поставщики входа)' });
    }
    // With the user's token, the provider is linked to them (a refused token is said, not ignored).
    const linkUserId = req.headers.authorization ? (await bearerUser(db, this.tokens, caller, req)).user.id : null;
    const config = await this.clients.config(provider);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: oidcCallbackUrl(this.deps.config, req),
      scope: provider.scopes,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    const now = clock.now();
    await db.transaction(async (tx) => {
      await oidcRepo.pruneFlows(tx, now);
      await oidcRepo.insertFlow(tx, {
        stateDigest: digestOf(state),
        teamId: caller.teamId!,
        projectId,
        appId: caller.appId!,
        providerId: provider.providerId,
        nonce,
        codeVerifier,
        redirectUri: body.redirectUri,
        appState: body.state ?? null,
        appCodeChallenge: body.codeChallenge,
        linkUserId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + FLOW_MINUTES * 60_000),
      });
    });
    return { authorizationUrl: url.href, expiresIn: FLOW_MINUTES * 60 };
  }

  /** The provider's redirect: answers where to send the browser (the app's redirect URI, with `code` or `error`). */
  async callback(req: FastifyRequest, query: { state?: string | undefined; code?: string | undefined; error?: string | undefined; error_description?: string | undefined; iss?: string | undefined }): Promise<string> {
    const { db, clock } = this.deps;
    if (!query.state) throw expired();
    const state = query.state;
    // The state is spent here, whatever follows: a second visit of the same link is refused.
    const flow = await db.transaction(async (tx) => {
      const row = await oidcRepo.flowByState(tx, digestOf(state));
      if (!row || row.returnedAt || row.expiresAt <= clock.now()) return null;
      await oidcRepo.updateFlow(tx, row.id, { returnedAt: clock.now() });
      return row;
    });
    if (!flow) throw expired();
    const back = (params: Record<string, string>) => {
      const url = new URL(flow.redirectUri);
      for (const [k, v] of Object.entries({ ...params, ...(flow.appState ? { state: flow.appState } : {}) })) url.searchParams.set(k, v);
      return url.href;
    };
    if (query.error) return back({ error: query.error, error_description: query.error_description ?? '' });
    const provider = await oidcRepo.provider(db, flow.projectId, flow.providerId);
    if (!provider?.enabled) return back({ error: 'provider_off', error_description: `The identity provider “${flow.providerId}” is not turned on for this project` });
    let claims: ProviderClaims;
    try {
      const current = new URL(oidcCallbackUrl(this.deps.config, req));
      for (const [k, v] of Object.entries(query)) if (v !== undefined) current.searchParams.set(k, v);
      const config = await this.clients.config(provider);
      const answer = await oidc.authorizationCodeGrant(config, current, { pkceCodeVerifier: flow.codeVerifier, expectedState: state, expectedNonce: flow.nonce, idTokenExpected: true });
      claims = answer.claims() as ProviderClaims;
      // Providers that follow the core spec to the letter put `email` in UserInfo only.
      if (claims.email === undefined && config.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(config, answer.access_token, claims.sub);
        claims = { ...claims, email: info.email, email_verified: info.email_verified, name: claims.name ?? info.name };
      }
    } catch (err) {
      return back({ error: 'provider_refused', error_description: `The identity provider refused the sign-in: ${(err as Error).message}` });
    }
    try {
      const code = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        // The person's browser brought the provider's answer: theirs is the address on the record.
        const user = await linkIdentity(tx, this.deps, flow, provider.providerId, claims, req.ip ?? null);
        await this.users.changed(tx, user.id);
        await oidcRepo.updateFlow(tx, flow.id, { resultUserId: user.id, resultCodeDigest: digestOf(code) });
      });
      return back({ code });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return back({ error: err.retName === 'conflict' ? 'account_exists' : 'access_denied', error_description: err.message });
    }
  }

  /** The session for the code the app's redirect brought, if the verifier is the one its start was made with. */
  async finish(caller: Caller, code: string, codeVerifier: string) {
    const { db, clock } = this.deps;
    const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
    const started = await db.transaction(async (tx: DbOrTx) => {
      const flow = await oidcRepo.flowByResult(tx, digestOf(code));
      if (!flow || flow.finishedAt || flow.expiresAt <= clock.now() || flow.projectId !== caller.projectId || flow.appId !== caller.appId || !flow.resultUserId) return null;
      await oidcRepo.updateFlow(tx, flow.id, { finishedAt: clock.now() });
      if (!matchesDigest(challenge, digestOf(flow.appCodeChallenge))) return null;
      const user = await appUsersRepo.byId(tx, flow.projectId, flow.resultUserId);
      if (!user) return null;
      if (user.disabled) return 'disabled' as const;
      return this.sessions.start(tx, user, flow.appId);
    });
    if (started === 'disabled') throw disabledUser();
    if (!started) throw expired();
    return this.sessions.answer(started);
  }
}
