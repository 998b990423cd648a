import { useQuery } from '@tanstack/react-query';
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
