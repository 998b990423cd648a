import { contentApi } from '@wharf/contract';

/** Query keys of the content family; each call's key starts with its endpoint id. */
export const contentKeys = {
  all: ['content'] as const,
  latest: (limit: number) => [...contentKeys.all, contentApi.latestNews.id, limit] as const,
  list: (category: string | undefined) => [...contentKeys.all, contentApi.newsList.id, category ?? 'all'] as const,
  detail: (id: string) => [...contentKeys.all, contentApi.newsDetailCall.id, id] as const,
  history: () => [...contentKeys.all, contentApi.newsAccessHistory.id] as const,
  billboard: () => [...contentKeys.all, contentApi.billboard.id] as const,
  discounts: () => [...contentKeys.all, contentApi.discountActivities.id] as const,
  manageNews: () => [...contentKeys.all, contentApi.manageNews.list.id] as const,
  manageBillboard: () => [...contentKeys.all, contentApi.manageBillboard.list.id] as const,
  manageDiscounts: () => [...contentKeys.all, contentApi.manageDiscounts.list.id] as const,
};
