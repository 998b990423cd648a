import type { Endpoint } from './kit/endpoint';
import * as consoleFamily from './families/console';
import * as authFamily from './families/auth';
import * as teamFamily from './families/team';
import * as operatorFamily from './families/operator';
import * as reportFamily from './families/report';

export * from './kit/access';
export * from './kit/permissions';
export * from './kit/ret-codes';
export * from './kit/envelope';
export * from './kit/list';
export * from './kit/endpoint';
export * from './kit/headers';
export * as consoleApi from './families/console';
export type { ClientConfig, FeatureSwitches } from './families/console';
export * as authApi from './families/auth';
export * as teamApi from './families/team';
export * as operatorApi from './families/operator';
export * as reportApi from './families/report';
export type { TeamSummary } from './families/auth';
export type { Member, Role, Invitation, RoleKey } from './families/team';
export { INVITATION_TTL_DAYS, TEAM_MEMBER_LIMIT, TEAMS_PER_USER_LIMIT } from './families/team';

function endpointsOf(family: Record<string, unknown>): Endpoint[] {
  return Object.values(family).filter(
    (v): v is Endpoint => typeof v === 'object' && v !== null && 'fullPath' in v && 'access' in v,
  );
}

/** Every call of the catalogue; the server must register each one (a test checks). */
export const ALL_ENDPOINTS: readonly Endpoint[] = [consoleFamily, authFamily, teamFamily, operatorFamily, reportFamily].flatMap(
  (f) => endpointsOf(f),
);
