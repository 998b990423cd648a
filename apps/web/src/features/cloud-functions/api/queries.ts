import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { cloudFunctionsApi as api } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { cloudFunctionsKeys as keys } from './keys';

/** The project's functions (the first hundred), with their count. */
export function useFunctions(projectId: string) {
  return useQuery({
    queryKey: keys.list(projectId),
    queryFn: ({ signal }) => callEndpoint(api.listFunctions, { query: { projectId, pageSize: 100, withTotal: 'true' }, signal }),
    enabled: Boolean(projectId),
  });
}

export function useFunction(projectId: string, functionId: string) {
  return useQuery({
    queryKey: keys.get(functionId),
    queryFn: ({ signal }) => callEndpoint(api.getFunction, { query: { projectId, functionId }, signal }),
    enabled: Boolean(projectId && functionId),
  });
}

export function useVersions(projectId: string, functionId: string) {
  return useQuery({
    queryKey: keys.versions(functionId),
    queryFn: ({ signal }) => callEndpoint(api.listVersions, { query: { projectId, functionId }, signal }),
    enabled: Boolean(projectId && functionId),
  });
}

export function useAliases(projectId: string, functionId: string) {
  return useQuery({
    queryKey: keys.aliases(functionId),
    queryFn: ({ signal }) => callEndpoint(api.listAliases, { query: { projectId, functionId }, signal }),
    enabled: Boolean(projectId && functionId),
  });
}

export interface LogSearch {
  text?: string;
  levels?: string;
  requestId?: string;
}

/** What the function's calls printed, newest first, page by page. */
export function useLogs(projectId: string, functionId: string, search: LogSearch) {
  return useInfiniteQuery({
    queryKey: keys.logs(functionId, search),
    queryFn: ({ signal, pageParam }) =>
      callEndpoint(api.searchLogs, {
        query: { projectId, functionId, pageSize: 100, ...(search.text ? { text: search.text } : {}), ...(search.levels ? { levels: search.levels } : {}), ...(search.requestId ? { requestId: search.requestId } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(projectId && functionId),
  });
}

export function useInvocations(projectId: string, functionId: string, outcome: string | undefined) {
  return useQuery({
    queryKey: keys.invocations(functionId, outcome),
    queryFn: ({ signal }) => callEndpoint(api.listInvocations, { query: { projectId, functionId, pageSize: 50, ...(outcome ? { outcome: outcome as 'ok' } : {}) }, signal }),
    enabled: Boolean(projectId && functionId),
  });
}

export function useFunctionMetrics(projectId: string, functionId: string, range: '1h' | '24h' | '7d', qualifier: string | undefined) {
  return useQuery({
    queryKey: keys.metrics(functionId, range, qualifier),
    queryFn: ({ signal }) => callEndpoint(api.functionMetrics, { query: { projectId, functionId, range, ...(qualifier ? { qualifier } : {}) }, signal }),
    enabled: Boolean(projectId && functionId),
    refetchInterval: 30_000,
  });
}

export function useTriggers(projectId: string, functionId: string) {
  return useQuery({
    queryKey: keys.triggers(functionId),
    queryFn: ({ signal }) => callEndpoint(api.listTriggers, { query: { projectId, functionId }, signal }),
    enabled: Boolean(projectId && functionId),
  });
}

/** Trigger runs that failed every attempt: the dead letters, to replay. */
export function useDeadRuns(projectId: string, functionId: string) {
  return useQuery({
    queryKey: keys.deadRuns(functionId),
    queryFn: ({ signal }) => callEndpoint(api.listTriggerRuns, { query: { projectId, functionId, state: 'dead', pageSize: 50 }, signal }),
    enabled: Boolean(projectId && functionId),
  });
}

/** The function's saved test events (its test parameters). */
export function useTestEvents(projectId: string, functionId: string) {
  return useQuery({
    queryKey: keys.testEvents(functionId),
    queryFn: ({ signal }) => callEndpoint(api.listTestEvents, { query: { projectId, functionId }, signal }),
    enabled: Boolean(projectId && functionId),
  });
}

export function useAlarms(projectId: string, functionId: string) {
  return useQuery({
    queryKey: keys.alarms(functionId),
    queryFn: ({ signal }) => callEndpoint(api.listAlarms, { query: { projectId, functionId }, signal }),
    enabled: Boolean(projectId && functionId),
  });
}
