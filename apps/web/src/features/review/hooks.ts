import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { versionApi, type BodyOf, type ResponseOf } from '@wharf/contract';
import { callEndpoint } from '../../request/call';
import { reviewKeys } from './keys';

export const QUEUE_PAGE_SIZE = 20;
export type TaskState = NonNullable<BodyOf<typeof versionApi.reviewTaskQueue>['state']>;
export type TaskKind = NonNullable<BodyOf<typeof versionApi.reviewTaskQueue>['kind']>;

/** The review queue: open tasks oldest first (urged ones flagged), decided ones newest first. */
export function useReviewQueue(state: TaskState, kind: TaskKind | undefined) {
  return useInfiniteQuery({
    queryKey: reviewKeys.queue(state, kind ?? ''),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(versionApi.reviewTaskQueue, { body: { state, pageSize: QUEUE_PAGE_SIZE, ...(kind ? { kind } : {}), ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** A task with the version's listing, the package's facts and the on-shelf version to compare with. */
export function useReviewTask(taskId: string) {
  return useQuery({
    queryKey: reviewKeys.task(taskId),
    queryFn: ({ signal }) => callEndpoint(versionApi.reviewTaskDetail, { query: { taskId }, signal }),
    enabled: Boolean(taskId),
  });
}

export type Decision = Omit<BodyOf<typeof versionApi.submitReview>, 'taskId'>;

/** Approve (optionally at a release time) or reject with reasons. */
export function useDecide(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) => callEndpoint(versionApi.submitReview, { body: { taskId, ...decision } }),
    onSuccess: () => {
      // Out of every open queue kept here at once: back on the queue, the list shown while it
      // refreshes offers no link to a task that is decided.
      queryClient.setQueriesData<InfiniteData<ResponseOf<typeof versionApi.reviewTaskQueue>>>({ queryKey: reviewKeys.queue('open', '').slice(0, 3) }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.taskId !== taskId) })) } : data,
      );
      return queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}
