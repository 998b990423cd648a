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
