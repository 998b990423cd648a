import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileApi, packageApi, PARSE_STATE } from '@wharf/contract';
import { callEndpoint } from '../../request/call';
import { appKeys } from '../apps/public';
import { packageKeys } from './keys';

export const PACKAGES_PAGE_SIZE = 20;
export const PARSE_POLL_MS = 1_500;

/** The app's packages, newest first, a page at a time. */
export function usePackages(appId: string) {
  return useInfiniteQuery({
    queryKey: packageKeys.list(appId),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(packageApi.packageList, { query: { appId, pageSize: PACKAGES_PAGE_SIZE, withTotal: 'true', ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(appId),
  });
}

/** Refreshes the package list (and the app: its package name may now be fixed). */
function useRefreshPackages(appId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: packageKeys.list(appId) }),
      queryClient.invalidateQueries({ queryKey: appKeys.detail(appId) }),
    ]);
}

/**
 * While packages of the app are being parsed, asks the server (package.processTask) every
 * moment; when one is done, the list is read again.
 */
export function useParseWatch(appId: string, parsing: readonly string[]) {
  const refresh = useRefreshPackages(appId);
  const watched = parsing.length > 0;
  const tasks = useQuery({
    queryKey: [...packageKeys.processing(appId), parsing.join()],
    queryFn: async ({ signal }) => (await callEndpoint(packageApi.packageProcessTask, { query: { appId }, signal })).items,
    enabled: watched,
    refetchInterval: (query) => (query.state.data && query.state.data.length === 0 ? false : PARSE_POLL_MS),
  });
  const still = tasks.data?.map((task) => task.pkgId).join();
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (still === undefined || still === last.current) return;
    last.current = still;
    const stillParsing = new Set(still ? still.split(',') : []);
    if (parsing.some((pkgId) => !stillParsing.has(pkgId))) void refresh();
  }, [still, parsing, refresh]);
}

/** The parse state of one package, asked for until it is no longer "parsing". */
export function usePackageState(appId: string, pkgId: string | null) {
  const refresh = useRefreshPackages(appId);
  const state = useQuery({
    queryKey: packageKeys.state(appId, pkgId ?? ''),
    queryFn: ({ signal }) => callEndpoint(packageApi.packageState, { query: { appId, pkgId: pkgId! }, signal }),
    enabled: Boolean(pkgId),
    refetchInterval: (query) => (query.state.data && query.state.data.parseState !== PARSE_STATE.parsing ? false : PARSE_POLL_MS),
  });
  const done = state.data && state.data.parseState !== PARSE_STATE.parsing;
  useEffect(() => {
    // Once per package, when its parse ends.
    if (done) void refresh();
  }, [done, pkgId]);
  return state;
}

export function useAddPackage(appId: string) {
  const refresh = useRefreshPackages(appId);
  return useMutation({
    mutationFn: async (objectId: string) => (await callEndpoint(packageApi.addPackage, { body: { appId, objectId } })).package,
    onSuccess: () => refresh(),
  });
}

/** Refused when a version uses the package: the request layer shows the server's reason. */
export function useDeletePackage(appId: string) {
  const refresh = useRefreshPackages(appId);
  return useMutation({
    mutationFn: (pkgId: string) => callEndpoint(packageApi.deletePackage, { query: { appId, pkgId } }),
    onSuccess: () => refresh(),
  });
}

/** A signed, expiring address of the package's icon (parsed from the package). */
export function useIconUrl(objectId: string | null) {
  return useQuery({
    queryKey: packageKeys.icon(objectId ?? ''),
    queryFn: async ({ signal }) => (await callEndpoint(fileApi.downloadUrl, { body: { objectId: objectId!, expiresInSeconds: 3600 }, signal, silent: true })).url,
    enabled: Boolean(objectId),
    staleTime: 30 * 60_000,
  });
}
