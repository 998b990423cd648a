import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { teamApi, type BodyOf } from '@wharf/contract';
import { callEndpoint } from '../../request/call';
import { useSessionVersion } from '../../session/changes';
import { currentTeamId, isSignedIn } from '../../session/session';
import { storeUserPermission } from '../accounts/session-sync';
import { teamKeys } from './keys';
import { can, type PermissionMap } from './permissions';
import type { PermissionName } from '@wharf/contract';

/** The current team's id (from the session cookies). */
export function useTeamId(): string {
  useSessionVersion();
  return currentTeamId();
}

/** The caller's permissions in the current team (kept in the session data too). */
export function useUserPermission() {
  const teamId = useTeamId();
  return useQuery({
    queryKey: teamKeys.permission(teamId),
    queryFn: async ({ signal }) => {
      const answer = await callEndpoint(teamApi.userPermission, { signal });
      storeUserPermission(answer);
      return answer;
    },
    enabled: Boolean(teamId) && isSignedIn(),
    staleTime: 60_000,
  });
}

/** `can(permission)` for the current team; false while unknown. */
export function usePermissions(): { can: (permission: PermissionName) => boolean; loading: boolean; map: PermissionMap } {
  const query = useUserPermission();
  const map = query.data?.userPermission;
  return { can: (permission) => can(map, permission), loading: query.isLoading, map };
}

export function useRoles() {
  const teamId = useTeamId();
  return useQuery({
    queryKey: teamKeys.roles(teamId),
    queryFn: async ({ signal }) => (await callEndpoint(teamApi.roleList, { signal })).roles,
    enabled: Boolean(teamId),
  });
}

export function useMembers(search: string, enabled: boolean) {
  const teamId = useTeamId();
  return useInfiniteQuery({
    queryKey: teamKeys.members(teamId, search),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(teamApi.membersRoleList, {
        query: { pageSize: 50, withTotal: 'true', ...(pageParam ? { cursor: pageParam } : {}), ...(search ? { search } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: enabled && Boolean(teamId),
  });
}

export function useInvitations(enabled: boolean) {
  const teamId = useTeamId();
  return useQuery({
    queryKey: teamKeys.invitations(teamId),
    queryFn: async ({ signal }) => (await callEndpoint(teamApi.invitationList, { signal })).items,
    enabled: enabled && Boolean(teamId),
  });
}

function useTeamMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export type Assignment = BodyOf<typeof teamApi.updateMember>;

export function useInviteMember() {
  return useTeamMutation((body: BodyOf<typeof teamApi.createSubUser>) => callEndpoint(teamApi.createSubUser, { body }));
}

export function useUpdateMember() {
  return useTeamMutation(({ userId, ...body }: Assignment & { userId: string }) =>
    callEndpoint(teamApi.updateMember, { params: { userId }, body }),
  );
}

export function useRemoveMember() {
  return useTeamMutation((userId: string) => callEndpoint(teamApi.removeMember, { params: { userId } }));
}

export function useRevokeInvitation() {
  return useTeamMutation((invitationId: string) => callEndpoint(teamApi.revokeInvitation, { params: { invitationId } }));
}

export function useSaveRole() {
  return useTeamMutation(({ roleId, ...body }: BodyOf<typeof teamApi.createRole> & { roleId?: string }) =>
    roleId ? callEndpoint(teamApi.updateRole, { params: { roleId }, body }) : callEndpoint(teamApi.createRole, { body }),
  );
}

export function useDeleteRole() {
  return useTeamMutation((roleId: string) => callEndpoint(teamApi.deleteRole, { params: { roleId } }));
}
