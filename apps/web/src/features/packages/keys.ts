import { fileApi, packageApi } from '@wharf/contract';

/** Query keys of the packages family (per app). */
export const packageKeys = {
  all: ['package'] as const,
  list: (appId: string) => [...packageKeys.all, packageApi.packageList.id, appId] as const,
  state: (appId: string, pkgId: string) => [...packageKeys.all, packageApi.packageState.id, appId, pkgId] as const,
  processing: (appId: string) => [...packageKeys.all, packageApi.packageProcessTask.id, appId] as const,
  icon: (objectId: string) => [...packageKeys.all, fileApi.downloadUrl.id, objectId] as const,
};
