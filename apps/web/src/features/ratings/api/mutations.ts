import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ratingsApi } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { ratingsKeys } from './keys';

/** Writes or changes the reply to a review; `text` null takes it back. */
export function useReply(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: string; text: string | null }) =>
      text === null
        ? callEndpoint(ratingsApi.deleteReply, { query: { appId, reviewId } })
        : callEndpoint(ratingsApi.replyToReview, { query: { appId }, body: { reviewId, text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratingsKeys.app(appId) }),
  });
}
