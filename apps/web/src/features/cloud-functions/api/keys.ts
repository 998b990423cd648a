import { cloudFunctionsApi as api } from '@wharf/contract';

export const cloudFunctionsKeys = {
  all: ['cloud-functions'] as const,
  list: (projectId: string) => [...cloudFunctionsKeys.all, api.listFunctions.id, projectId] as const,
  one: (functionId: string) => [...cloudFunctionsKeys.all, 'function', functionId] as const,
  get: (functionId: string) => [...cloudFunctionsKeys.one(functionId), api.getFunction.id] as const,
  versions: (functionId: string) => [...cloudFunctionsKeys.one(functionId), api.listVersions.id] as const,
  aliases: (functionId: string) => [...cloudFunctionsKeys.one(functionId), api.listAliases.id] as const,
};
