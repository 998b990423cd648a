import { useQuery } from '@tanstack/react-query';
import { apiClientsApi, PAGE_SIZE_MAX } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { apiClientsKeys } from './keys';

/** The team's API clients and service accounts (at most 100 a team: one page holds them all). */
export function useApiClients() {
  return useQuery({
    queryKey: apiClientsKeys.list(),
    queryFn: ({ signal }) => callEndpoint(apiClientsApi.listApiClients, { query: { pageSize: PAGE_SIZE_MAX, withTotal: 'true' }, signal }),
  });
}

/** What a client is limited to, and the apps it could be: for the grants dialog. */
export function useGrants(clientId: string | null) {
  return useQuery({
    queryKey: [...apiClientsKeys.all, 'grants', clientId],
    enabled: clientId !== null,
    queryFn: async ({ signal }) => {
      const [granted, grantable] = await Promise.all([
        callEndpoint(apiClientsApi.grantedResources, { query: { clientId: clientId! }, signal }),
        callEndpoint(apiClientsApi.grantableResources, { query: { clientId: clientId! }, signal }),
      ]);
      return { granted, grantable: grantable.resources };
    },
  });
}
