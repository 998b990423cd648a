import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appApi, type App, type AppClient, type BodyOf, type Platform, type QueryOf } from '@wharf/contract';
import { callEndpoint } from '../../request/call';
import { useTeamId } from '../team/public';
import { appKeys, type AppFilters } from './keys';

export const APPS_PAGE_SIZE = 20;

/** The team's apps with search and filters, newest first, a page at a time. */
export function useApps(filters: AppFilters, pageSize = APPS_PAGE_SIZE) {
  const teamId = useTeamId();
  return useInfiniteQuery({
    queryKey: [...appKeys.list(teamId, filters), pageSize],
    queryFn: ({ pageParam, signal }) => {
      const query: QueryOf<typeof appApi.appList> = { pageSize, withTotal: 'true' };
      if (pageParam) query.cursor = pageParam;
      if (filters.search) query.search = filters.search;
      if (filters.platform) query.platform = filters.platform as Platform;
      if (filters.category) query.category = filters.category as App['category'];
      if (filters.projectId) query.projectId = filters.projectId;
      return callEndpoint(appApi.appList, { query, signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(teamId),
  });
}

export function useProjectApps(projectId: string) {
  return useQuery({
    queryKey: appKeys.byProject(projectId),
    queryFn: async ({ signal }) => (await callEndpoint(appApi.appListByProject, { query: { projectId }, signal })).items,
    enabled: Boolean(projectId),
  });
}

export function useApp(appId: string) {
  return useQuery({
    queryKey: appKeys.detail(appId),
    queryFn: ({ signal }) => callEndpoint(appApi.getApp, { query: { appId }, signal }),
    enabled: Boolean(appId),
    select: (answer) => answer.app,
  });
}

/** The catalogue of app and game kinds (store categories). */
export function useAppKinds() {
  return useQuery({
    queryKey: appKeys.kinds(),
    queryFn: async ({ signal }) => (await callEndpoint(appApi.appKinds, { body: {}, signal })).items,
    staleTime: 60 * 60_000,
  });
}

function useAppMutation<I>(fn: (input: I) => Promise<App>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (app) => {
      queryClient.setQueryData(appKeys.detail(app.appId), { ret: { code: 0, msg: 'success' }, app });
      await queryClient.invalidateQueries({ queryKey: appKeys.all });
    },
  });
}

export function useCreateApp() {
  return useAppMutation(async (body: BodyOf<typeof appApi.createApp>) => (await callEndpoint(appApi.createApp, { body })).app);
}

export function useUpdateApp() {
  return useAppMutation(async (body: BodyOf<typeof appApi.updateApp>) => (await callEndpoint(appApi.updateApp, { body })).app);
}

export function useChangePackageName() {
  return useAppMutation(async (body: BodyOf<typeof appApi.changePackageName>) => (await callEndpoint(appApi.changePackageName, { body })).app);
}

export function useSetDevelopStatus() {
  return useAppMutation(async (body: BodyOf<typeof appApi.setDevelopStatus>) => (await callEndpoint(appApi.setDevelopStatus, { body })).app);
}

export type CheckAnswer = { available: boolean; reason: 'format' | 'reserved' | 'taken' | null; message: string };

/**
 * The live checks of the create dialog and the package-name change: each distinct value
 * is asked once (answers are kept for a minute), silently (the field shows the answer).
 */
export function useLiveChecks() {
  const queryClient = useQueryClient();
  return {
    packageName: (platform: Platform, packageName: string, appId?: string): Promise<CheckAnswer> =>
      queryClient.fetchQuery({
        queryKey: appKeys.checkPackageName(platform, packageName, appId ?? ''),
        queryFn: ({ signal }) =>
          callEndpoint(appApi.checkPackageName, { body: { platform, packageName, ...(appId ? { appId } : {}) }, signal, silent: true }),
        staleTime: 60_000,
      }),
    name: (platform: Platform, name: string, appId?: string): Promise<CheckAnswer> =>
      queryClient.fetchQuery({
        queryKey: appKeys.checkName(platform, name, appId ?? ''),
        queryFn: ({ signal }) => callEndpoint(appApi.checkAppName, { body: { platform, name, ...(appId ? { appId } : {}) }, signal, silent: true }),
        staleTime: 60_000,
      }),
  };
}

/** The app's client ID, API key and the key's restrictions (issued with the app). */
export function useAppClient(appId: string) {
  return useQuery({
    queryKey: appKeys.client(appId),
    queryFn: async ({ signal }) => (await callEndpoint(appApi.getAppClient, { query: { appId }, signal })).client,
    enabled: Boolean(appId),
  });
}

function useClientMutation<I>(fn: (input: I) => Promise<AppClient>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (client) => queryClient.setQueryData(appKeys.client(client.appId), client),
  });
}

export function useRestrictAppKey() {
  return useClientMutation(async (body: BodyOf<typeof appApi.restrictAppKey>) => (await callEndpoint(appApi.restrictAppKey, { body })).client);
}

export function useRotateAppKey() {
  return useClientMutation(async (body: BodyOf<typeof appApi.rotateAppKey>) => (await callEndpoint(appApi.rotateAppKey, { body })).client);
}

/** The app's configuration file, fetched when asked for (it holds the current key). */
export function useFetchAppConfigFile() {
  return (appId: string) => callEndpoint(appApi.getAppConfigFile, { query: { appId } });
}
