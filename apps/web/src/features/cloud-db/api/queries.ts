import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { cloudDbApi, type ObjectQuery } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { cloudDbKeys } from './keys';

/** The project's object types (with their size) and zones. */
export function useObjectTypes(projectId: string) {
  return useQuery({
    queryKey: cloudDbKeys.types(projectId),
    queryFn: ({ signal }) => callEndpoint(cloudDbApi.listObjectTypes, { query: { projectId }, signal }),
    enabled: Boolean(projectId),
  });
}

export type BrowseQuery = Pick<ObjectQuery, 'where' | 'orderBy'>;
export const BROWSE_PAGE = 50;

/** Documents of one type in one zone, a page at a time, and how many match. */
export function useDocuments(projectId: string, zoneName: string, objectTypeName: string, query: BrowseQuery) {
  return useInfiniteQuery({
    queryKey: cloudDbKeys.page(projectId, zoneName, objectTypeName, query),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(cloudDbApi.browseObjects, {
        params: { zoneName, objectTypeName },
        query: { projectId },
        body: { ...query, limit: BROWSE_PAGE, offset: 0, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.cursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled: Boolean(projectId && zoneName && objectTypeName),
  });
}
