import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cloudFunctionsApi as api, type BodyOf } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { cloudFunctionsKeys as keys } from './keys';

type PolicyBody = BodyOf<typeof api.createPreloadPolicy>;

/** A function's runners on every instance, asked again every 5 s while the tab shows them (instances report that often). */
export function useInstances(projectId: string, functionId: string) {
  return useQuery({
    queryKey: [...keys.one(functionId), api.listInstances.id],
    queryFn: ({ signal }) => callEndpoint(api.listInstances, { query: { projectId, functionId }, signal }),
    refetchInterval: 5000,
  });
}

export function usePreloadPolicies(projectId: string, functionId: string) {
  return useQuery({
    queryKey: [...keys.one(functionId), api.listPreloadPolicies.id],
    queryFn: ({ signal }) => callEndpoint(api.listPreloadPolicies, { query: { projectId, functionId }, signal }),
  });
}

export function usePreloadChanges(projectId: string, functionId: string) {
  const queryClient = useQueryClient();
  const query = { projectId, functionId };
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.one(functionId) });
  return {
    create: useMutation({ mutationFn: (body: PolicyBody) => callEndpoint(api.createPreloadPolicy, { query, body }), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ policyId, body }: { policyId: string; body: PolicyBody }) => callEndpoint(api.updatePreloadPolicy, { query: { ...query, policyId }, body }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (policyId: string) => callEndpoint(api.deletePreloadPolicy, { query: { ...query, policyId } }), onSuccess: refresh }),
  };
}
