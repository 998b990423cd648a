import type { FastifyRequest } from 'fastify';
import { apiClientsApi, type ApiClientRole, type PermissionName } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { ANONYMOUS, type Caller, type CredentialResolver } from '../../platform/http/access';
import { AppError } from '../../platform/http/errors';
import { publicOrigin } from '../../platform/http/origin';
import type { ClientCache, KnownClient } from './client-cache';
import { AGC_TOKEN_AUDIENCE, type BearerTokens } from './tokens';
import type { UsageTouch } from './usage';

const ROLES = apiClientsApi.API_CLIENT_ROLE_PERMISSIONS;
const PERMISSIONS: Record<ApiClientRole, ReadonlySet<PermissionName>> = {
  administrator: new Set(ROLES.administrator),
  publishing: new Set(ROLES.publishing),
  reports: new Set(ROLES.reports),
};

const refused = () => new AppError('apiClientInvalid');
const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : null;
};

/** The deployment's own token URL: a service account may sign for it instead of AppGallery Connect's. */
export const tokenUrlOf = (deps: Pick<Deps, 'config'>, req: Pick<FastifyRequest, 'protocol' | 'host'>) =>
  `${publicOrigin(deps.config, req)}${apiClientsApi.obtainToken.fullPath}`;

/** The caller an API client or service account is: its team, its project if it has one, its role's permissions, the apps granted to it. */
export function callerOf(known: Pick<KnownClient, 'row' | 'appIds'>): Caller {
  const client = known.row;
  const role = client.role as ApiClientRole;
  return {
    ...ANONYMOUS,
    kind: 'api-client',
    teamId: client.teamId,
    projectId: client.projectId,
    permissions: PERMISSIONS[role],
    appScope: known.appIds,
    clientId: client.clientId,
    scopes: apiClientsApi.API_CLIENT_ROLE_SCOPES[role],
  };
}

/**
 * The `api-client` access level: `Authorization: Bearer` with an access token from
 * `/api/oauth2/v1/token` (and, as AppGallery Connect's clients send it, the `client_id`
 * header, which must then name the same client) or a service account's own JWT. Checked on
 * every call against what the instance knows of the client, so a revoked client, key or
 * secret stops at once (docs/api-clients.md).
 */
export function apiClientCredentials(deps: Deps, cache: ClientCache, tokens: BearerTokens, usage: UsageTouch): CredentialResolver {
  return async (req, requirement) => {
    const token = /^Bearer ([\w.-]{20,4096})$/.exec(header(req, 'authorization') ?? '')?.[1];
    if (!token) throw refused();
    const presented = await tokens.verify(token, [AGC_TOKEN_AUDIENCE, tokenUrlOf(deps, req)]);
    const client = await cache.client(presented.clientId);
    if (!client) throw refused();
    if (presented.kind === 'access-token') {
      if (client.row.type !== 'api-client' || presented.issuedAtMs < client.row.tokensValidFrom.getTime()) throw refused();
      const named = header(req, 'client_id');
      if (named !== null && named !== client.row.clientId) throw refused();
    } else {
      const key = await cache.key(presented.keyId);
      if (!key || key.clientRowId !== client.row.id || client.row.type !== 'service-account') throw refused();
      usage.key(presented.keyId);
    }
    usage.client(client.row.id);
    const caller = callerOf(client);
    if (requirement && !caller.scopes.includes(requirement)) throw new AppError('apiScopeMissing');
    return caller;
  };
}
