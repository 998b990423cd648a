import { apiClientsApi } from '@wharf/contract';

export const apiClientsKeys = {
  all: ['api-clients'] as const,
  list: () => [...apiClientsKeys.all, apiClientsApi.listApiClients.id] as const,
};
