import { ratingsApi } from '@wharf/contract';

export const ratingsKeys = {
  all: ['ratings'] as const,
  app: (appId: string) => [...ratingsKeys.all, appId] as const,
  list: (appId: string, filters: object) => [...ratingsKeys.app(appId), ratingsApi.listReviews.id, filters] as const,
  summary: (appId: string, from: string, to: string) => [...ratingsKeys.app(appId), ratingsApi.reviewSummary.id, from, to] as const,
  templates: () => [...ratingsKeys.all, ratingsApi.listReplyTemplates.id] as const,
};
