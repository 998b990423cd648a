import { useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectApi, type BodyOf } from '@wharf/contract';
import { callEndpoint } from '../../request/call';
import { useTeamId } from '../team/public';
import { projectKeys } from './keys';

export const PROJECTS_PAGE_SIZE = 20;

/** The team's projects, newest first, a page at a time (keyset cursor). */
export function useProjects(search = '', pageSize = PROJECTS_PAGE_SIZE) {
  const teamId = useTeamId();
  return useInfiniteQuery({
    queryKey: [...projectKeys.list(teamId, search), pageSize],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(projectApi.projectList, {
        query: { pageSize, withTotal: 'true', ...(pageParam ? { cursor: pageParam } : {}), ...(search ? { search } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(teamId),
  });
}

export function useProject(projectId: string) {
  return useQuery({
    queryKey: projectKeys.detail(projectId),
    queryFn: ({ signal }) => callEndpoint(projectApi.getProject, { params: { projectId }, signal }),
    enabled: Boolean(projectId),
    select: (answer) => answer.project,
  });
}

export function useProjectMembers(projectId: string) {
  return useQuery({
    queryKey: projectKeys.members(projectId),
    queryFn: async ({ signal }) => (await callEndpoint(projectApi.projectMembers, { params: { projectId }, signal })).items,
    enabled: Boolean(projectId),
  });
}

/** Names of some projects (those a page of apps belongs to), each asked for once and kept. */
export function useProjectNames(projectIds: readonly string[]): (projectId: string) => string | undefined {
  const unique = [...new Set(projectIds)];
  const answers = useQueries({
    queries: unique.map((projectId) => ({
      queryKey: projectKeys.detail(projectId),
      queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(projectApi.getProject, { params: { projectId }, signal }),
      staleTime: 60_000,
    })),
  });
  const names = new Map(unique.map((id, i) => [id, answers[i]?.data?.project.name]));
  return (projectId) => names.get(projectId);
}

function useProjectMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export function useCreateProject() {
  return useProjectMutation(async (body: BodyOf<typeof projectApi.createProject>) => (await callEndpoint(projectApi.createProject, { body })).project);
}

export function useRenameProject() {
  return useProjectMutation(
    async ({ projectId, name }: { projectId: string; name: string }) =>
      (await callEndpoint(projectApi.renameProject, { params: { projectId }, body: { name } })).project,
  );
}

/** Refused while the project holds apps: the request layer shows the server's reason. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => callEndpoint(projectApi.deleteProject, { params: { projectId } }),
    onSuccess: (_answer, projectId) => {
      queryClient.removeQueries({ queryKey: projectKeys.detail(projectId) });
      return queryClient.invalidateQueries({ queryKey: [...projectKeys.all, projectApi.projectList.id] });
    },
  });
}

/** Fetches the configuration file (on demand: a click on "Download"). */
export function useFetchConfigFile() {
  const queryClient = useQueryClient();
  return (projectId: string) =>
    queryClient.fetchQuery({
      queryKey: projectKeys.configFile(projectId),
      queryFn: ({ signal }) => callEndpoint(projectApi.projectConfigFile, { params: { projectId }, signal }),
      staleTime: 0,
    });
}
