import { perDeps } from '../../../platform/per-deps';
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

/** One set per running server: the access resolver and the routes share the session cache. */
export const accountsOf = perDeps((deps): AccountsServices => {
  const cache = new SessionCache(deps.config.sessionCacheTtlMs, undefined, deps.pubsub);
  const auth = new AuthService(deps, cache);
  const roles = new RolesService(deps, cache);
  return {
    cache,
    auth,
    roles,
    teams: new TeamsService(deps, roles, cache),
    members: new MembersService(deps, (req) => auth.publicBase(req), cache),
    operators: new OperatorsService(deps, auth.passwords, cache),
    auditLog: new AuditLogService(deps),
  };
});
