import type { Deps } from '../../../platform/deps';
import { AuditLogService } from '../service/audit-log';
import { AuthService } from '../service/auth';
import { MembersService } from '../service/members';
import { OperatorsService } from '../service/operators';
import { RolesService } from '../service/roles';
import { SessionCache } from '../service/session-cache';
import { TeamsService } from '../service/teams';

/** The family's services, built once per app from its dependencies. */
export interface AccountsServices {
  cache: SessionCache;
  auth: AuthService;
  roles: RolesService;
  teams: TeamsService;
  members: MembersService;
  operators: OperatorsService;
  auditLog: AuditLogService;
}

const built = new WeakMap<Deps, AccountsServices>();

/** One set per app: the access resolver and the routes share the session cache. */
export function accountsServices(deps: Deps): AccountsServices {
  let services = built.get(deps);
  if (!services) {
    const cache = new SessionCache(deps.config.sessionCacheTtlMs, undefined, deps.pubsub);
    const auth = new AuthService(deps, cache);
    const roles = new RolesService(deps, cache);
    services = {
      cache,
      auth,
      roles,
      teams: new TeamsService(deps, roles, cache),
      members: new MembersService(deps, (req) => auth.publicBase(req), cache),
      operators: new OperatorsService(deps, auth.passwords, cache),
      auditLog: new AuditLogService(deps),
    };
    built.set(deps, services);
  }
  return services;
}
