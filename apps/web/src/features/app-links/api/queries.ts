import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { appLinksApi as api } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { appLinksKeys as keys } from './keys';

export const useLinkSettings = (projectId: string) =>
  useQuery({ queryKey: keys.settings(projectId), queryFn: ({ signal }) => callEndpoint(api.getLinkSettings, { query: { projectId }, signal }), enabled: Boolean(projectId) });

export const usePrefixes = (projectId: string) =>
  useQuery({ queryKey: keys.prefixes(projectId), queryFn: ({ signal }) => callEndpoint(api.listPrefixes, { query: { projectId }, signal }), enabled: Boolean(projectId) });

export const useLinks = (projectId: string, search: string) =>
  useInfiniteQuery({
    queryKey: keys.links(projectId, search),
    queryFn: ({ pageParam, signal }) => callEndpoint(api.listLinks, { query: { projectId, pageSize: 20, withTotal: 'true', ...(pageParam ? { cursor: pageParam } : {}), ...(search ? { search } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(projectId),
  });

export const useLinkStats = (projectId: string, linkId: string, days: number) =>
  useQuery({ queryKey: keys.stats(projectId, linkId, days), queryFn: ({ signal }) => callEndpoint(api.linkStatistics, { query: { projectId, days }, params: { linkId }, signal }), enabled: Boolean(projectId && linkId) });
