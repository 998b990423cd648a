import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ratingsApi, type ReviewSort } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { ratingsKeys } from './keys';

export const REVIEWS_PAGE_SIZE = 20;

/** What the review list is filtered by, as the page's address keeps it. */
export interface ReviewFilters {
  stars?: string;
  replied?: 'yes' | 'no';
  languages?: string;
  versions?: string;
  countries?: string;
  from?: string;
  to?: string;
  q?: string;
  moderation?: 'visible' | 'held' | 'hidden';
  sort: ReviewSort;
}

/** The app's reviews under the filters, a page at a time, with the count of all that match. */
export function useReviews(appId: string, filters: ReviewFilters) {
  return useInfiniteQuery({
    queryKey: ratingsKeys.list(appId, filters),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(ratingsApi.listReviews, { query: { appId, pageSize: REVIEWS_PAGE_SIZE, withTotal: 'true', ...filters, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(appId),
  });
}

/** Distribution, per-version averages and the daily average over a window. */
export function useReviewSummary(appId: string, from: string, to: string) {
  return useQuery({
    queryKey: ratingsKeys.summary(appId, from, to),
    queryFn: ({ signal }) => callEndpoint(ratingsApi.reviewSummary, { query: { appId, from, to }, signal }),
    enabled: Boolean(appId),
  });
}

/** The operators' queue of held and reported reviews, oldest first. */
export function useModerationQueue() {
  return useInfiniteQuery({
    queryKey: [...ratingsKeys.all, ratingsApi.moderationQueue.id],
    queryFn: ({ pageParam, signal }) => callEndpoint(ratingsApi.moderationQueue, { query: { pageSize: 20, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The team's reply templates, by name (for members who may reply). */
export function useReplyTemplates(enabled: boolean) {
  return useQuery({
    queryKey: ratingsKeys.templates(),
    queryFn: ({ signal }) => callEndpoint(ratingsApi.listReplyTemplates, { signal }),
    enabled,
  });
}
