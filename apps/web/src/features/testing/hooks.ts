import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { testingApi, type BodyOf } from '@wharf/contract';
import { callEndpoint } from '../../request/call';
import { testingKeys } from './keys';

export const GROUPS_PAGE_SIZE = 50;
export const MEMBERS_PAGE_SIZE = 50;

export function useGroups() {
  return useInfiniteQuery({
    queryKey: testingKeys.groups(),
    queryFn: ({ pageParam, signal }) => callEndpoint(testingApi.groupList, { query: { pageSize: GROUPS_PAGE_SIZE, withTotal: 'true', ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useMembers(groupId: string) {
  return useInfiniteQuery({
    queryKey: testingKeys.members(groupId),
    queryFn: ({ pageParam, signal }) => callEndpoint(testingApi.memberList, { query: { groupId, pageSize: MEMBERS_PAGE_SIZE, withTotal: 'true', ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useInvitations(groupId: string) {
  return useQuery({
    queryKey: testingKeys.invitations(groupId),
    queryFn: async ({ signal }) => (await callEndpoint(testingApi.invitationList, { query: { groupId }, signal })).items,
  });
}

export function useTestVersions(appId: string) {
  return useQuery({
    queryKey: testingKeys.versions(appId),
    queryFn: async ({ signal }) => (await callEndpoint(testingApi.testVersionList, { body: { appId }, signal })).items,
    enabled: Boolean(appId),
  });
}

/** Every change of groups, members and invitations refreshes the family's lists. */
function useTestingMutation<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: testingKeys.all }) });
}

export const useCreateGroup = () => useTestingMutation((name: string) => callEndpoint(testingApi.createGroup, { body: { name } }));
export const useRenameGroup = () => useTestingMutation((b: BodyOf<typeof testingApi.renameGroup>) => callEndpoint(testingApi.renameGroup, { body: b }));
export const useDeleteGroup = () => useTestingMutation((groupId: string) => callEndpoint(testingApi.deleteGroup, { query: { groupId } }));
export const useAddMembers = () => useTestingMutation((b: BodyOf<typeof testingApi.addMembers>) => callEndpoint(testingApi.addMembers, { body: b }));
export const useRemoveMember = () => useTestingMutation((q: { groupId: string; testerId: string }) => callEndpoint(testingApi.removeMember, { query: q }));
export const useCreateInvitation = () => useTestingMutation((groupId: string) => callEndpoint(testingApi.createInvitation, { body: { groupId } }));
export const useExpireInvitation = () => useTestingMutation((invitationId: string) => callEndpoint(testingApi.expireInvitation, { body: { invitationId } }));
export const useEmailInvitation = () => useTestingMutation((b: BodyOf<typeof testingApi.emailInvitation>) => callEndpoint(testingApi.emailInvitation, { body: b }));
export const useSaveTestVersion = () => useTestingMutation((b: BodyOf<typeof testingApi.openTest>) => callEndpoint(testingApi.openTest, { body: b }));
export const useTestRelease = () => useTestingMutation((b: BodyOf<typeof testingApi.testRelease>) => callEndpoint(testingApi.testRelease, { body: b }));

/** CSV import, with the bytes sent so far (a 10,000-row file takes a moment on slow links). */
export function useImportMembers() {
  return useTestingMutation((b: { groupId: string; csv: string; onProgress: (percent: number) => void }) =>
    callEndpoint(testingApi.importMembers, { body: { groupId: b.groupId, csv: b.csv }, onUploadProgress: (sent, total) => b.onProgress(total ? Math.round((sent / total) * 100) : 0) }),
  );
}

// ---- the open-test page: no session, no team, errors shown on the page ----

const PUBLIC = { notAuth: true, notRefresh: true, silent: true } as const;

export function useOpenTestCode(code: string) {
  return useQuery({
    queryKey: testingKeys.code(code),
    queryFn: ({ signal }) => callEndpoint(testingApi.openTestInvitation, { query: { code }, signal, ...PUBLIC }),
    enabled: code !== '',
    retry: false,
  });
}

export function useJoinOpenTest() {
  return useMutation({ mutationFn: (b: BodyOf<typeof testingApi.openTestJoin>) => callEndpoint(testingApi.openTestJoin, { body: b, ...PUBLIC }) });
}
