import { analyticsApi } from '@wharf/contract';

export const analyticsKeys = {
  all: ['analytics'] as const,
  settings: (appId: string) => [...analyticsKeys.all, analyticsApi.getAnalyticsSettings.id, appId] as const,
  overview: (appId: string, from: string, to: string, compare: boolean) => [...analyticsKeys.all, analyticsApi.analyticsOverview.id, appId, from, to, compare] as const,
};
