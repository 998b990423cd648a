import { useQuery } from '@tanstack/react-query';
import { consoleApi } from '@wharf/contract';
import { callEndpoint } from '../../request/call';
import { consoleKeys } from './keys';

/** The client configuration (zones, switches, header names, server version). */
export function useClientConfig() {
  return useQuery({
    queryKey: consoleKeys.config(),
    queryFn: ({ signal }) => callEndpoint(consoleApi.getConfig, { signal }),
    staleTime: 5 * 60_000,
  });
}
