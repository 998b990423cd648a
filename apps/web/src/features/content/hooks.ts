import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { contentApi } from '@wharf/contract';
import { callEndpoint } from '../../request/call';
import { deviceId } from '../../report/page';
import { contentKeys } from './keys';

export const NEWS_CATEGORIES = contentApi.NEWS_CATEGORIES;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

// Content is public: these calls need no session and never send one to refresh.
const PUBLIC = { notAuth: true, notRefresh: true } as const;

export function useLatestNews(limit = 5) {
  return useQuery({
    queryKey: contentKeys.latest(limit),
    queryFn: ({ signal }) => callEndpoint(contentApi.latestNews, { ...PUBLIC, query: { limit }, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useNewsList(category: NewsCategory | undefined) {
  return useInfiniteQuery({
    queryKey: contentKeys.list(category),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(contentApi.newsList, { ...PUBLIC, query: { pageSize: 10, cursor: pageParam, category }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One news item; opening it records the visit, so the read markers move. */
export function useNewsDetail(serviceNewsId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: contentKeys.detail(serviceNewsId),
    queryFn: async ({ signal }) => {
      const answer = await callEndpoint(contentApi.newsDetailCall, { ...PUBLIC, params: { serviceNewsId }, query: { DID: deviceId() }, signal });
      void queryClient.invalidateQueries({ queryKey: contentKeys.history() });
      return answer;
    },
    enabled: Boolean(serviceNewsId),
  });
}

/** The news this browser has opened (by its device id), for unread markers. */
export function useReadNews() {
  return useQuery({
    queryKey: contentKeys.history(),
    queryFn: async ({ signal }) => {
      const { items } = await callEndpoint(contentApi.newsAccessHistory, { ...PUBLIC, query: { DID: deviceId() }, signal });
      return new Set(items.map((i) => i.serviceNewsId));
    },
  });
}

export function useBillboard() {
  return useQuery({
    queryKey: contentKeys.billboard(),
    queryFn: ({ signal }) => callEndpoint(contentApi.billboard, { ...PUBLIC, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useDiscounts() {
  return useQuery({
    queryKey: contentKeys.discounts(),
    queryFn: ({ signal }) => callEndpoint(contentApi.discountActivities, { ...PUBLIC, signal }),
    staleTime: 5 * 60_000,
  });
}
