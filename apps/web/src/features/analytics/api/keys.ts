import { analyticsApi } from '@wharf/contract';

export const analyticsKeys = {
  all: ['analytics'] as const,
  settings: (appId: string) => [...analyticsKeys.all, analyticsApi.getAnalyticsSettings.id, appId] as const,
  overview: (appId: string, from: string, to: string, compare: boolean) => [...analyticsKeys.all, analyticsApi.analyticsOverview.id, appId, from, to, compare] as const,
  distribution: (appId: string, from: string, to: string) => [...analyticsKeys.all, analyticsApi.analyticsDistribution.id, appId, from, to] as const,
  retention: (appId: string, from: string, to: string) => [...analyticsKeys.all, analyticsApi.analyticsRetention.id, appId, from, to] as const,
  funnel: (appId: string, from: string, to: string, steps: string) => [...analyticsKeys.all, analyticsApi.analyticsFunnel.id, appId, from, to, steps] as const,
  explore: (appId: string, query: Record<string, string>) => [...analyticsKeys.all, analyticsApi.exploreAnalyticsEvent.id, appId, query] as const,
  portrait: (appId: string, from: string, to: string) => [...analyticsKeys.all, analyticsApi.analyticsPortrait.id, appId, from, to] as const,
  industry: (appId: string, from: string, to: string) => [...analyticsKeys.all, analyticsApi.analyticsIndustry.id, appId, from, to] as const,
  audiences: (appId: string) => [...analyticsKeys.all, analyticsApi.listAudiences.id, appId] as const,
  templates: (appId: string) => [...analyticsKeys.all, analyticsApi.listReportTemplates.id, appId] as const,
  exports: (appId: string) => [...analyticsKeys.all, analyticsApi.listAnalyticsExports.id, appId] as const,
  events: (appId: string, from: string, to: string) => [...analyticsKeys.all, analyticsApi.analyticsEventList.id, appId, from, to] as const,
};
