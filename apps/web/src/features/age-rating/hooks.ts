import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ageRatingApi, type BodyOf } from '@wharf/contract';
import type { AgeAnswers } from '@wharf/rules';
import { callEndpoint } from '../../request/call';

export const ageRatingKeys = {
  all: ['age-rating'] as const,
  app: (appId: string) => [...ageRatingKeys.all, ageRatingApi.getAgeRating.id, appId] as const,
  queue: (state: string) => [...ageRatingKeys.all, ageRatingApi.ageRatingReviewQueue.id, state] as const,
};

export function useAgeRating(appId: string) {
  return useQuery({
    queryKey: ageRatingKeys.app(appId),
    queryFn: ({ signal }) => callEndpoint(ageRatingApi.getAgeRating, { query: { appId }, signal }),
    enabled: Boolean(appId),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  // The versions' age follows a declaration that takes effect: their pages read it again.
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ageRatingKeys.all }), queryClient.invalidateQueries({ queryKey: ['version'] })]);
}

export function useSaveAgeRating() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: { appId: string; answers: AgeAnswers }) => callEndpoint(ageRatingApi.saveAgeRating, { body }), onSuccess: refresh });
}

export function useCancelAgeRating() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (appId: string) => callEndpoint(ageRatingApi.cancelAgeRating, { body: { appId } }), onSuccess: refresh });
}

export type AgeQueueState = 'open' | 'approved' | 'rejected' | 'withdrawn';

export function useAgeRatingQueue(state: AgeQueueState) {
  return useInfiniteQuery({
    queryKey: ageRatingKeys.queue(state),
    queryFn: ({ pageParam, signal }) => callEndpoint(ageRatingApi.ageRatingReviewQueue, { query: { state, pageSize: 20, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useDecideAgeRating() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: BodyOf<typeof ageRatingApi.decideAgeRatingReview>) => callEndpoint(ageRatingApi.decideAgeRatingReview, { body }), onSuccess: refresh });
}

/** The store page's rating of an app (null: none declared; an error: not in the store). */
export function useStoreAgeRating(appId: string) {
  return useQuery({
    queryKey: ['store', ageRatingApi.storeAgeRatingOf.id, appId],
    queryFn: ({ signal }) => callEndpoint(ageRatingApi.storeAgeRatingOf, { params: { appId }, notAuth: true, notRefresh: true, silent: true, signal }),
  });
}
