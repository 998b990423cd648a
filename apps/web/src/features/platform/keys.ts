import { operatorApi } from '@wharf/contract';

/** Query keys of the platform operators' pages; each starts with its endpoint id. */
export const platformKeys = {
  all: ['platform'] as const,
  operators: () => [...platformKeys.all, operatorApi.operatorList.id] as const,
};
