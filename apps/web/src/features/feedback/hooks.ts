import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedbackApi, type FeedbackState } from '@wharf/contract';
import { callEndpoint, type FileAnswer } from '../../request/call';
import { saveFile } from '../../ui/save-file';

export interface FeedbackFilters {
  state?: FeedbackState | undefined;
  category?: (typeof feedbackApi.FEEDBACK_CATEGORIES)[number] | undefined;
  assignee?: string | undefined;
  q?: string | undefined;
}

/** The query's fields without the empty ones. */
const present = (f: FeedbackFilters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as FeedbackFilters;

export const feedbackKeys = {
  all: ['feedback'] as const,
  list: (appId: string, f: FeedbackFilters) => [...feedbackKeys.all, feedbackApi.listFeedback.id, appId, present(f)] as const,
  one: (appId: string, feedbackId: string) => [...feedbackKeys.all, feedbackApi.getFeedback.id, appId, feedbackId] as const,
  assignees: (appId: string) => [...feedbackKeys.all, feedbackApi.feedbackAssignees.id, appId] as const,
};

export function useFeedbackList(appId: string, f: FeedbackFilters) {
  return useInfiniteQuery({
    queryKey: feedbackKeys.list(appId, f),
    queryFn: ({ pageParam, signal }) => callEndpoint(feedbackApi.listFeedback, { query: { appId, ...present(f), pageSize: 20, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useFeedback(appId: string, feedbackId: string | null) {
  return useQuery({
    queryKey: feedbackKeys.one(appId, feedbackId ?? ''),
    queryFn: ({ signal }) => callEndpoint(feedbackApi.getFeedback, { query: { appId, feedbackId: feedbackId! }, signal }),
    enabled: Boolean(feedbackId),
  });
}

export function useAssignees(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: feedbackKeys.assignees(appId),
    queryFn: ({ signal }) => callEndpoint(feedbackApi.feedbackAssignees, { query: { appId }, signal }),
    enabled,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
}

export function useUpdateFeedback() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: { appId: string; feedbackId: string; state?: FeedbackState; assigneeId?: string | null }) => callEndpoint(feedbackApi.updateFeedback, { body }), onSuccess: refresh });
}

export function useFeedbackText(kind: 'note' | 'reply') {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { appId: string; feedbackId: string; text: string }) => callEndpoint(kind === 'note' ? feedbackApi.addFeedbackNote : feedbackApi.replyFeedback, { body }),
    onSuccess: refresh,
  });
}

/** The filtered feedback as CSV, fetched with the session's headers and handed to the browser. */
export function useExportFeedback(appId: string) {
  return useMutation({
    mutationFn: async (f: FeedbackFilters) => {
      const { blob, fileName } = (await callEndpoint(feedbackApi.exportFeedback, { query: { appId, ...present(f) }, asFile: true })) as unknown as FileAnswer;
      saveFile(fileName ?? 'feedback.csv', blob);
    },
  });
}
