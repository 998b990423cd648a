import type { Deps } from '../../../platform/deps';
import { AuthService } from '../service/auth';
import { MembersService } from '../service/members';
import { OperatorsService } from '../service/operators';
import { RolesService } from '../service/roles';
import { TeamsService } from '../service/teams';

/** The family's services, built once per app from its dependencies. */
export interface AccountsServices {
  auth: AuthService;
  roles: RolesService;
  teams: TeamsService;
  members: MembersService;
  operators: OperatorsService;
}

export function accountsServices(deps: Deps): AccountsServices {
  const auth = new AuthService(deps);
  const roles = new RolesService(deps);
  return {
    auth,
    roles,
    teams: new TeamsService(deps, roles),
    members: new MembersService(deps, (req) => auth.publicBase(req)),
    operators: new OperatorsService(deps, auth.passwords),
  };
}
