import { authApi, consoleApi, contentApi, teamApi, type BuiltInRole } from '@wharf/contract';
import { CONFIG, me, permissionsOf, type Handler } from './fixtures';

export interface ShellOptions {
  /** The signed-in user's role in the team: the account holder unless told. */
  role?: BuiltInRole;
  /** What differs in the signed-in user (operator roles, email). */
  me?: Parameters<typeof me>[0];
}

/**
 * What every console page asks before its own calls, answered: the console's
 * configuration, the signed-in user, their permissions and an empty service menu. A page
 * test spreads it first and adds its own calls after (which win where both answer).
 */
export function shellHandlers(o: ShellOptions = {}): Record<string, Handler> {
  return {
    [consoleApi.getConfig.id]: () => CONFIG,
    [authApi.userInfo.id]: () => me(o.me),
    [teamApi.userPermission.id]: () => permissionsOf(o.role ?? 'accountHolder'),
    [contentApi.serviceList.id]: () => ({ ret: { code: 0, msg: 'success' }, items: [] }),
  };
}
