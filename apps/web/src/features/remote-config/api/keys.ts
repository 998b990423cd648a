import { remoteConfigApi } from '@wharf/contract';

export const remoteConfigKeys = {
  all: ['remote-config'] as const,
  config: (appId: string) => [...remoteConfigKeys.all, remoteConfigApi.getRemoteConfig.id, appId] as const,
  versions: (appId: string) => [...remoteConfigKeys.all, remoteConfigApi.listRemoteVersions.id, appId] as const,
  version: (appId: string, number: number) => [...remoteConfigKeys.all, remoteConfigApi.getRemoteVersion.id, appId, number] as const,
};
