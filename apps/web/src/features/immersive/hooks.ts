import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { immersiveApi, type BodyOf } from '@wharf/contract';
import { callEndpoint } from '../../request/call';

export const immersiveKeys = {
  all: ['immersive'] as const,
  info: (appId: string) => [...immersiveKeys.all, immersiveApi.getImmersiveInfo.id, appId] as const,
  queue: (state: string) => [...immersiveKeys.all, immersiveApi.immersiveReviewQueue.id, state] as const,
};

export function useImmersiveInfo(appId: string) {
  return useQuery({
    queryKey: immersiveKeys.info(appId),
    queryFn: ({ signal }) => callEndpoint(immersiveApi.getImmersiveInfo, { query: { appId }, signal }),
    enabled: Boolean(appId),
  });
}

/** The dominant colour the server finds in an uploaded image. */
export function useImageColor() {
  return useMutation({ mutationFn: (objectId: string) => callEndpoint(immersiveApi.imageColor, { body: { objectId } }) });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: immersiveKeys.all });
}

export type ImmersiveEdit = BodyOf<typeof immersiveApi.createImmersiveInfo>;

/** Creates the info when there is none, else replaces it. */
export function useSaveImmersive(exists: boolean) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ImmersiveEdit) => callEndpoint(exists ? immersiveApi.updateImmersiveInfo : immersiveApi.createImmersiveInfo, { body }),
    onSuccess: refresh,
  });
}

export function useImmersiveAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ appId, action }: { appId: string; action: 'submit' | 'cancel' | 'delete' }) =>
      action === 'submit'
        ? callEndpoint(immersiveApi.submitImmersiveAudit, { body: { appId } })
        : action === 'cancel'
          ? callEndpoint(immersiveApi.cancelImmersiveAudit, { body: { appId } })
          : callEndpoint(immersiveApi.deleteImmersiveInfo, { query: { appId } }),
    onSuccess: refresh,
  });
}

export type ImmersiveQueueState = 'open' | 'approved' | 'rejected' | 'withdrawn';

export function useImmersiveQueue(state: ImmersiveQueueState) {
  return useInfiniteQuery({
    queryKey: immersiveKeys.queue(state),
    queryFn: ({ pageParam, signal }) => callEndpoint(immersiveApi.immersiveReviewQueue, { query: { state, pageSize: 20, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useDecideImmersive() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: BodyOf<typeof immersiveApi.decideImmersiveReview>) => callEndpoint(immersiveApi.decideImmersiveReview, { body }), onSuccess: refresh });
}
