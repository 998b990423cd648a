import type { ResponseOf, authApi, teamApi } from '@wharf/contract';
import { setSessionValue } from '../../session/store';

type UserInfo = ResponseOf<typeof authApi.userInfo>;
type UserPermission = ResponseOf<typeof teamApi.userPermission>;

/**
 * Keeps the session data of the specification in step with the server's answers: who the
 * user is and which team they work in (user info), and what they may do there
 * (user permission). Other code reads the session data, never these answers directly.
 */
export function storeUserInfo(info: UserInfo): void {
  setSessionValue('agc_uid', info.userId);
  setSessionValue('agc_userType', info.userType);
  setSessionValue('agc_country', info.countryCode);
  const team = info.teams.find((t) => t.teamId === info.currentTeamId);
  setSessionValue('agc_team_id', team?.teamId ?? null);
  setSessionValue('agc_team_countryCode', team?.countryCode ?? null);
  setSessionValue('agc_team_siteId', team ? String(team.siteId) : null);
  setSessionValue('agc_team_userType', team?.userType ?? null);
  // The user's own home site: the personal team they hold.
  const own = info.teams.find((t) => t.mainUserId === info.userId && t.userType === 1);
  setSessionValue('upSiteId', own ? String(own.siteId) : null);
}

export function storeUserPermission(answer: UserPermission): void {
  setSessionValue('userPermission', answer.userPermission);
  setSessionValue('userRoles', answer.userRoles);
  setSessionValue('agc_team_userType', answer.teamUserType);
}

/** A team switch: the facts of the old team go. */
export function forgetTeamFacts(): void {
  for (const key of ['agc_team_id', 'agc_team_countryCode', 'agc_team_siteId', 'agc_team_userType', 'userPermission', 'userRoles'] as const) {
    setSessionValue(key, null);
  }
}
