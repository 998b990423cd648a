import { versionApi } from '@wharf/contract';

/** Query keys of the reviewers' console. */
export const reviewKeys = {
  all: ['review'] as const,
  queue: (state: string, kind: string) => [...reviewKeys.all, versionApi.reviewTaskQueue.id, state, kind] as const,
  task: (taskId: string) => [...reviewKeys.all, versionApi.reviewTaskDetail.id, taskId] as const,
};
