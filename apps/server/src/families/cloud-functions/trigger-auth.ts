import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import { forbidden } from '../../platform/http/errors';
import type { FunctionRow } from './repo';
import { WORDS } from './words';

/** Who called, as the function's context tells it (`context.auth`). */
export type CallerOfFunction = { kind: 'apiClient'; clientId: string | null } | { kind: 'appUser'; appId: string | null; appUserId: string | null; anonymous: boolean };

/**
 * A function's HTTP address checks what its setting asks, with the access layer's own
 * checks (the same refusals, 401 without or with a bad credential): an API client of the
 * project's team that reaches the project, or a signed-in user of one of the project's apps
 * (the app's key and the user's token).
 */
export async function callerOfFunction(deps: Pick<Deps, 'credentials' | 'projectScopes'>, req: FastifyRequest, fn: FunctionRow): Promise<CallerOfFunction | null> {
  if (fn.httpAuth === 'apiClient') {
    const caller = await deps.credentials['api-client'](req, null);
    const reaches = !caller.appScope && (!caller.projectId || caller.projectId === fn.projectId) && caller.teamId === (await deps.projectScopes.teamOf(fn.projectId));
    if (!reaches) throw forbidden(WORDS.notThisProject);
    return { kind: 'apiClient', clientId: caller.clientId };
  }
  if (fn.httpAuth === 'appUser') {
    const caller = await deps.credentials['app-client'](req, 'user');
    if (caller.projectId !== fn.projectId) throw forbidden(WORDS.notThisProject);
    return { kind: 'appUser', appId: caller.appId, appUserId: caller.appUserId, anonymous: caller.appUserAnonymous };
  }
  return null;
}
