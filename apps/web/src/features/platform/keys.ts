import { contentApi, operatorApi } from '@wharf/contract';

/** Query keys of the platform operators' pages; each starts with its endpoint id. */
export const platformKeys = {
  all: ['platform'] as const,
  operators: () => [...platformKeys.all, operatorApi.operatorList.id] as const,
  news: () => [...platformKeys.all, contentApi.manageNews.list.id] as const,
  billboard: () => [...platformKeys.all, contentApi.manageBillboard.list.id] as const,
  discounts: () => [...platformKeys.all, contentApi.manageDiscounts.list.id] as const,
};
