import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { appUsersApi, type IdentityProvider, type identityProviderInput } from '@wharf/contract';
import type { Config } from '../../config';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { invalidInput, notFound } from '../../platform/http/errors';
import { publicOrigin } from '../../platform/http/origin';
import { OidcClients } from './oidc-clients';
import { oidcRepo, type IdentityProviderRow } from './oidc-repo';

type ProviderInput = z.output<typeof identityProviderInput>;
/** Where providers send the browser back: under PUBLIC_URL, else this server as the request reached it. */
// Normalised (a default port left out): providers compare the redirect URI as a string, and
// the token request's is derived from a parsed URL.
export const oidcCallbackUrl = (config: Pick<Config, 'publicUrl'>, req: Pick<FastifyRequest, 'protocol' | 'host'>) =>
  new URL(`${publicOrigin(config, req)}${appUsersApi.oidcCallback.fullPath}`).href;

/** The console's side of identity providers: who they are, their secrets, and where sign-ins may return. */
export class OidcProviders {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'secrets' | 'config'>) {}

  async settings(projectId: string, req: FastifyRequest) {
    const { db } = this.deps;
    const rows = await oidcRepo.providers(db, projectId);
    return { providers: await Promise.all(rows.map((r) => this.#out(r))), redirectUris: await oidcRepo.redirectUris(db, projectId), callbackUrl: oidcCallbackUrl(this.deps.config, req) };
  }

  async save(caller: Caller, projectId: string, providerId: string, input: ProviderInput): Promise<{ provider: IdentityProvider }> {
    const { db, clock, secrets } = this.deps;
    const before = await oidcRepo.provider(db, projectId, providerId);
    if (!before && !input.clientSecret) {
      throw invalidInput({ zh: '新的身份提供方需要客户端密钥', en: 'A new provider needs its client secret', ru: 'Новому поставщику нужен секрет клиента' });
    }
    // Read before saving: a wrong issuer or an unreachable provider is said now, not at a user's sign-in.
    const secretText = input.clientSecret ?? (await secrets.reveal(db, before!.secretId)).reveal();
    await OidcClients.discover(input.issuer, input.clientId, secretText);
    const row = await db.transaction(async (tx) => {
      let secretId = before?.secretId;
      if (!secretId) secretId = (await secrets.create(tx, { scope: 'project', scopeId: projectId, name: `identityProvider.${providerId}`, kind: 'revealable', value: secretText })).secret.id;
      else if (input.clientSecret) await secrets.rotateValue(tx, secretId, input.clientSecret);
      const now = clock.now();
      const saved = await oidcRepo.saveProvider(tx, { projectId, providerId, name: input.name, issuer: input.issuer, clientId: input.clientId, secretId, scopes: input.scopes, enabled: input.enabled, createdAt: before?.createdAt ?? now, updatedAt: now });
      await writeAudit(tx, clock, {
        action: before ? 'app-users.identityProviderChange' : 'app-users.identityProviderAdd',
        teamId: caller.teamId,
        actorId: caller.userId,
        ip: caller.ip,
        targetType: 'project',
        targetId: projectId,
        data: { providerId, issuer: input.issuer, clientId: input.clientId, enabled: input.enabled, secretChanged: Boolean(input.clientSecret) },
      });
      return saved;
    });
    return { provider: await this.#out(row) };
  }

  async remove(caller: Caller, projectId: string, providerId: string) {
    const { db, clock, secrets } = this.deps;
    await db.transaction(async (tx) => {
      const gone = await oidcRepo.removeProvider(tx, projectId, providerId);
      if (!gone) throw notFound();
      await secrets.remove(tx, gone.secretId);
      await writeAudit(tx, clock, { action: 'app-users.identityProviderRemove', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'project', targetId: projectId, data: { providerId, issuer: gone.issuer } });
    });
    return {};
  }

  async setRedirectUris(caller: Caller, projectId: string, uris: string[]) {
    const { db, clock } = this.deps;
    const unique = [...new Set(uris)];
    return db.transaction(async (tx) => {
      const before = await oidcRepo.redirectUris(tx, projectId);
      const saved = await oidcRepo.saveRedirectUris(tx, projectId, unique, clock.now());
      await writeAudit(tx, clock, { action: 'app-users.redirectUris', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'project', targetId: projectId, data: { before, after: saved } });
      return { redirectUris: saved };
    });
  }

  async #out(r: IdentityProviderRow): Promise<IdentityProvider> {
    const secret = await this.deps.secrets.describe(this.deps.db, r.secretId);
    return { providerId: r.providerId, name: r.name, issuer: r.issuer, clientId: r.clientId, secretHint: secret?.hint ?? '', scopes: r.scopes, enabled: r.enabled, updatedAt: r.updatedAt.toISOString() };
  }
}
