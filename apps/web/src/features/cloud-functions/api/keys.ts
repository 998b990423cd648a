import { cloudFunctionsApi as api } from '@wharf/contract';

export const cloudFunctionsKeys = {
  all: ['cloud-functions'] as const,
  layers: (projectId: string) => [...cloudFunctionsKeys.all, 'layers', projectId] as const,
  layerVersions: (projectId: string, layerName: string) => [...cloudFunctionsKeys.layers(projectId), layerName] as const,
  list: (projectId: string) => [...cloudFunctionsKeys.all, api.listFunctions.id, projectId] as const,
  one: (functionId: string) => [...cloudFunctionsKeys.all, 'function', functionId] as const,
  get: (functionId: string) => [...cloudFunctionsKeys.one(functionId), api.getFunction.id] as const,
  versions: (functionId: string) => [...cloudFunctionsKeys.one(functionId), api.listVersions.id] as const,
  aliases: (functionId: string) => [...cloudFunctionsKeys.one(functionId), api.listAliases.id] as const,
  alarms: (functionId: string) => [...cloudFunctionsKeys.one(functionId), api.listAlarms.id] as const,
  testEvents: (functionId: string) => [...cloudFunctionsKeys.one(functionId), api.listTestEvents.id] as const,
  triggers: (functionId: string) => [...cloudFunctionsKeys.one(functionId), api.listTriggers.id] as const,
  deadRuns: (functionId: string) => [...cloudFunctionsKeys.one(functionId), api.listTriggerRuns.id, 'dead'] as const,
  logs: (functionId: string, search: object) => [...cloudFunctionsKeys.one(functionId), api.searchLogs.id, search] as const,
  invocations: (functionId: string, outcome: string | undefined) => [...cloudFunctionsKeys.one(functionId), api.listInvocations.id, outcome] as const,
  metrics: (functionId: string, range: string, qualifier: string | undefined) => [...cloudFunctionsKeys.one(functionId), api.functionMetrics.id, range, qualifier] as const,
};
