import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { fileApi, qualificationApi, type BodyOf } from '@wharf/contract';
import { callEndpoint } from '../../request/call';

export const qualificationKeys = {
  all: ['qualifications'] as const,
  ofApp: (appId: string) => [...qualificationKeys.all, qualificationApi.qualificationTaskList.id, appId] as const,
  queue: (state: string) => [...qualificationKeys.all, qualificationApi.qualificationReviewQueue.id, state] as const,
};

/** An app's qualifications, newest first. */
export function useQualifications(appId: string) {
  return useInfiniteQuery({
    queryKey: qualificationKeys.ofApp(appId),
    queryFn: ({ pageParam, signal }) => callEndpoint(qualificationApi.qualificationTaskList, { query: { appId, pageSize: 20, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(appId),
  });
}

/** A document, uploaded as the request body; answers its object id. */
export function useUploadDocument() {
  return useMutation({
    mutationFn: async (file: File) =>
      (await callEndpoint(fileApi.uploadObject, { query: { fileName: file.name, contentType: file.type || 'application/octet-stream', bizTag: 'file' }, body: file as never })).object.objectId,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: qualificationKeys.all });
}

export function useSubmitQualification() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: BodyOf<typeof qualificationApi.createQualificationTask>) => callEndpoint(qualificationApi.createQualificationTask, { body }), onSuccess: refresh });
}

export function useCancelQualification() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: { appId: string; taskId: string }) => callEndpoint(qualificationApi.cancelQualificationTask, { body }), onSuccess: refresh });
}

export function useDeleteQualification() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (query: { appId: string; taskId: string }) => callEndpoint(qualificationApi.deleteQualificationTask, { query }), onSuccess: refresh });
}

export type QueueState = 'pending' | 'cancelled' | 'approved' | 'rejected';

/** Reviewers: qualifications of every team in one state. */
export function useQualificationQueue(state: QueueState) {
  return useInfiniteQuery({
    queryKey: qualificationKeys.queue(state),
    queryFn: ({ pageParam, signal }) => callEndpoint(qualificationApi.qualificationReviewQueue, { query: { state, pageSize: 20, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useSetQualificationStatus() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: BodyOf<typeof qualificationApi.setQualificationStatus>) => callEndpoint(qualificationApi.setQualificationStatus, { body }), onSuccess: refresh });
}
