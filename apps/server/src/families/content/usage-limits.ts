import { INVITATION_TTL_DAYS, PAGE_SIZE_MAX, TEAM_MEMBER_LIMIT, TEAMS_PER_USER_LIMIT } from '@wharf/contract';

/**
 * The limits the console enforces, served so help texts and forms show the same numbers
 * the server checks. Families add theirs here as they land.
 */
export const USAGE_LIMITS = Object.freeze({
  teamMembers: TEAM_MEMBER_LIMIT,
  teamsPerUser: TEAMS_PER_USER_LIMIT,
  invitationDays: INVITATION_TTL_DAYS,
  pageSizeMax: PAGE_SIZE_MAX,
});
