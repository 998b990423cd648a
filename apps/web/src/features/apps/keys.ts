import { appApi } from '@wharf/contract';

/**
 * Query keys of the apps family. An app's own key is shared with the console's app layout
 * (its breadcrumb), so changes show there at once.
 */
export const appKeys = {
  all: ['app'] as const,
  lists: (teamId: string) => [...appKeys.all, appApi.appList.id, teamId] as const,
  list: (teamId: string, filters: AppFilters) => [...appKeys.lists(teamId), filters] as const,
  byProject: (projectId: string) => [...appKeys.all, appApi.appListByProject.id, projectId] as const,
  detail: (appId: string) => [...appKeys.all, appApi.getApp.id, appId] as const,
  client: (appId: string) => [...appKeys.all, appApi.getAppClient.id, appId] as const,
  kinds: () => [...appKeys.all, appApi.appKinds.id] as const,
  checkPackageName: (platform: string, packageName: string, appId: string) => [...appKeys.all, appApi.checkPackageName.id, platform, packageName, appId] as const,
  checkName: (platform: string, name: string, appId: string) => [...appKeys.all, appApi.checkAppName.id, platform, name, appId] as const,
};

export interface AppFilters {
  search?: string;
  platform?: string;
  category?: string;
  projectId?: string;
}
