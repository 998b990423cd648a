import { teamApi } from '@wharf/contract';

/** Query keys of the team family; team-scoped keys carry the team id. */
export const teamKeys = {
  all: ['team'] as const,
  permission: (teamId: string) => [...teamKeys.all, teamApi.userPermission.id, teamId] as const,
  roles: (teamId: string) => [...teamKeys.all, teamApi.roleList.id, teamId] as const,
  members: (teamId: string, search: string) => [...teamKeys.all, teamApi.membersRoleList.id, teamId, search] as const,
  invitations: (teamId: string) => [...teamKeys.all, teamApi.invitationList.id, teamId] as const,
  audit: (teamId: string, filter: object) => [...teamKeys.all, teamApi.auditEventList.id, teamId, filter] as const,
};
