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

/** An operator hides a review with a reason, or shows it. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string | null }) =>
      callEndpoint(ratingsApi.moderateReview, { params: { reviewId }, body: reason === null ? { decision: 'show' } : { decision: 'hide', reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratingsKeys.all }),
  });
}

/** Makes a reply template, or changes one (`templateId` given). */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, name, text }: { templateId?: string; name: string; text: string }) =>
      templateId
        ? callEndpoint(ratingsApi.updateReplyTemplate, { params: { templateId }, body: { name, text } })
        : callEndpoint(ratingsApi.createReplyTemplate, { body: { name, text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratingsKeys.templates() }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => callEndpoint(ratingsApi.deleteReplyTemplate, { params: { templateId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratingsKeys.templates() }),
  });
}
