import { abTestingApi } from '@wharf/contract';

export const abTestingKeys = {
  all: ['ab-testing'] as const,
  list: (appId: string) => [...abTestingKeys.all, abTestingApi.listExperiments.id, appId] as const,
  one: (appId: string, id: string) => [...abTestingKeys.all, abTestingApi.getExperiment.id, appId, id] as const,
  results: (appId: string, id: string) => [...abTestingKeys.all, abTestingApi.experimentResultsCall.id, appId, id] as const,
};
