import { versionApi } from '@wharf/contract';

/** Query keys of the versions family (per app and version). */
export const versionKeys = {
  all: ['version'] as const,
  app: (appId: string) => [...versionKeys.all, appId] as const,
  list: (appId: string) => [...versionKeys.app(appId), versionApi.versionList.id] as const,
  lastOnShelf: (appId: string) => [...versionKeys.app(appId), versionApi.lastOnShelf.id] as const,
  detail: (appId: string, versionId: string) => [...versionKeys.app(appId), versionApi.getVersion.id, versionId] as const,
  history: (appId: string, versionId: string) => [...versionKeys.app(appId), versionApi.historyVersion.id, versionId] as const,
  phased: (appId: string, versionId: string) => [...versionKeys.app(appId), versionApi.phasedReleaseHistory.id, versionId] as const,
};
