import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { remoteConfigApi, type QueryOf } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { remoteConfigKeys } from './keys';

/** The app's draft, its latest published version and its fetch settings. */
export function useRemoteConfig(appId: string) {
  return useQuery({
    queryKey: remoteConfigKeys.config(appId),
    queryFn: ({ signal }) => callEndpoint(remoteConfigApi.getRemoteConfig, { query: { appId }, signal }),
    enabled: Boolean(appId),
  });
}

/** Published versions, newest first, a page at a time. */
export function useRemoteVersions(appId: string) {
  return useInfiniteQuery({
    queryKey: remoteConfigKeys.versions(appId),
    queryFn: ({ pageParam, signal }) => {
      const query: QueryOf<typeof remoteConfigApi.listRemoteVersions> = { appId, pageSize: 20, withTotal: 'true' };
      if (pageParam) query.cursor = pageParam;
      return callEndpoint(remoteConfigApi.listRemoteVersions, { query, signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(appId),
  });
}

/** One version's template and the one before it (null: none). */
export function useRemoteVersion(appId: string, number: number | null) {
  return useQuery({
    queryKey: remoteConfigKeys.version(appId, number ?? 0),
    queryFn: ({ signal }) => callEndpoint(remoteConfigApi.getRemoteVersion, { params: { number: String(number) }, query: { appId }, signal }),
    enabled: Boolean(appId) && number !== null,
  });
}
