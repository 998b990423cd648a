import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClientsApi, type BodyOf } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { apiClientsKeys } from './keys';

function useRefreshing<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiClientsKeys.all }) });
}

export const useCreateApiClient = () => useRefreshing((body: BodyOf<typeof apiClientsApi.createApiClient>) => callEndpoint(apiClientsApi.createApiClient, { body }));
export const useUpdateApiClient = () => useRefreshing((body: BodyOf<typeof apiClientsApi.updateApiClient>) => callEndpoint(apiClientsApi.updateApiClient, { body }));
export const useDeleteApiClient = () => useRefreshing((clientId: string) => callEndpoint(apiClientsApi.deleteApiClient, { query: { clientId } }));
export const useCreateKey = () => useRefreshing((clientId: string) => callEndpoint(apiClientsApi.createKeyPair, { body: { clientId } }));
export const useDeleteKey = () => useRefreshing((q: { clientId: string; keyId: string }) => callEndpoint(apiClientsApi.deleteKey, { query: q }));

/** Makes a client's grants these apps (none: every app again), adding and taking one call at a time. */
export const useSetGrants = () =>
  useRefreshing(async ({ clientId, before, after }: { clientId: string; before: string[]; after: string[] }) => {
    const added = after.filter((id) => !before.includes(id));
    if (added.length) await callEndpoint(apiClientsApi.grantRecord, { body: { clientId, appIds: added } });
    for (const appId of before.filter((id) => !after.includes(id))) await callEndpoint(apiClientsApi.revokeGrant, { query: { clientId, appId } });
  });
