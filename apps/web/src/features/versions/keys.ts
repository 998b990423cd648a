import { versionApi } from '@wharf/contract';

/** Query keys of the versions family (per app and version). */
export const versionKeys = {
  all: ['version'] as const,
  app: (appId: string) => [...versionKeys.all, appId] as const,
  list: (appId: string) => [...versionKeys.app(appId), versionApi.versionList.id] as const,
  lastOnShelf: (appId: string) => [...versionKeys.app(appId), versionApi.lastOnShelf.id] as const,
  preparing: (appId: string) => [...versionKeys.app(appId), versionApi.preparingVersion.id] as const,
  detail: (appId: string, versionId: string) => [...versionKeys.app(appId), versionApi.getVersion.id, versionId] as const,
  history: (appId: string, versionId: string) => [...versionKeys.app(appId), versionApi.historyVersion.id, versionId] as const,
  phased: (appId: string, versionId: string) => [...versionKeys.app(appId), versionApi.phasedReleaseHistory.id, versionId] as const,
  downloads: (appId: string, from: string, to: string) => [...versionKeys.app(appId), versionApi.downloadStats.id, from, to] as const,
};
