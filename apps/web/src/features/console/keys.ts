import { consoleApi, contentApi } from '@wharf/contract';

/** Query keys of the console family; each call's key starts with its endpoint id. */
export const consoleKeys = {
  all: ['console'] as const,
  config: () => [...consoleKeys.all, consoleApi.getConfig.id] as const,
  services: () => [...consoleKeys.all, contentApi.serviceList.id] as const,
};
