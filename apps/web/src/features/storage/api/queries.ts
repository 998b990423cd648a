import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { storageApi as api } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { storageKeys as keys } from './keys';

export function useStorageService(projectId: string) {
  return useQuery({
    queryKey: keys.service(projectId),
    queryFn: ({ signal }) => callEndpoint(api.getStorageService, { query: { projectId }, signal }),
    enabled: Boolean(projectId),
  });
}

/** A folder of a bucket, a page of a hundred at a time. */
export function useObjects(projectId: string, bucket: string, prefix: string) {
  return useInfiniteQuery({
    queryKey: keys.objects(projectId, bucket, prefix),
    queryFn: ({ signal, pageParam }) => callEndpoint(api.listObjects, { query: { projectId, bucket, prefix, pageSize: 100, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(projectId && bucket),
  });
}

export function useBucketRules(projectId: string, bucket: string) {
  return useQuery({
    queryKey: keys.rules(projectId, bucket),
    queryFn: ({ signal }) => callEndpoint(api.getBucketRules, { query: { projectId, bucket }, signal }),
    enabled: Boolean(projectId && bucket),
  });
}

export function useBucketCors(projectId: string, bucket: string) {
  return useQuery({
    queryKey: keys.cors(projectId, bucket),
    queryFn: ({ signal }) => callEndpoint(api.getBucketCors, { query: { projectId, bucket }, signal }),
    enabled: Boolean(projectId && bucket),
  });
}

export function useStorageUsage(projectId: string, bucket: string, days: number) {
  return useQuery({
    queryKey: keys.usage(projectId, bucket, days),
    queryFn: ({ signal }) => callEndpoint(api.getStorageUsage, { query: { projectId, bucket, days }, signal }),
    enabled: Boolean(projectId && bucket),
  });
}
