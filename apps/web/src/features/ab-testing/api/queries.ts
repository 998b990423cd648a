import { useQuery } from '@tanstack/react-query';
import { abTestingApi } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { abTestingKeys } from './keys';

/** How often a running experiment's results are asked again while its page is open. */
const RESULTS_REFRESH_MS = 60_000;

export function useExperiments(appId: string) {
  return useQuery({
    queryKey: abTestingKeys.list(appId),
    queryFn: ({ signal }) => callEndpoint(abTestingApi.listExperiments, { query: { appId }, signal }),
    enabled: Boolean(appId),
  });
}

export function useExperiment(appId: string, id: string | undefined) {
  return useQuery({
    queryKey: abTestingKeys.one(appId, id ?? ''),
    queryFn: ({ signal }) => callEndpoint(abTestingApi.getExperiment, { params: { experimentId: id! }, query: { appId }, signal }),
    enabled: Boolean(appId && id),
  });
}

/** The results as they stand; a running experiment's are asked again every minute. */
export function useResults(appId: string, id: string, running: boolean) {
  return useQuery({
    queryKey: abTestingKeys.results(appId, id),
    queryFn: ({ signal }) => callEndpoint(abTestingApi.experimentResultsCall, { params: { experimentId: id }, query: { appId }, signal }),
    enabled: Boolean(appId && id),
    refetchInterval: running ? RESULTS_REFRESH_MS : false,
  });
}
