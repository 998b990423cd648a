import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../request/call';

/** A refused call (4xx) is not retried; a failed one (network, 5xx) once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => {
          if (error instanceof ApiError && error.status !== null && error.status < 500) return false;
          return failures < 1;
        },
        refetchOnWindowFocus: false,
      },
    },
  });
}
