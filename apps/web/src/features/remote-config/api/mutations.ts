import { useMutation, useQueryClient } from '@tanstack/react-query';
import { remoteConfigApi, type BodyOf, type RemoteTemplate, type ResponseOf } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { remoteConfigKeys } from './keys';

type Config = ResponseOf<typeof remoteConfigApi.getRemoteConfig>;

/** A change that answers the new draft: it goes into the cache at once; versions refetch when one was made. */
function useDraftChange<I>(appId: string, fn: (input: I) => Promise<{ draft: Config['draft'] }>, newVersion = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async ({ draft }) => {
      queryClient.setQueryData<Config>(remoteConfigKeys.config(appId), (old) => (old ? { ...old, draft } : old));
      if (newVersion) {
        await Promise.all([queryClient.invalidateQueries({ queryKey: remoteConfigKeys.config(appId) }), queryClient.invalidateQueries({ queryKey: remoteConfigKeys.versions(appId) })]);
      }
    },
  });
}

export function useSaveDraft(appId: string) {
  return useDraftChange(appId, ({ template, revision }: { template: RemoteTemplate; revision: number }) =>
    callEndpoint(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template, revision } }),
  );
}

export function useDiscardDraft(appId: string) {
  return useDraftChange(appId, () => callEndpoint(remoteConfigApi.discardRemoteDraft, { query: { appId }, body: {} }));
}

export function usePublish(appId: string) {
  return useDraftChange(
    appId,
    ({ revision, description }: { revision: number; description: string }) =>
      callEndpoint(remoteConfigApi.publishRemoteConfig, { query: { appId }, body: { revision, ...(description.trim() ? { description: description.trim() } : {}) } }),
    true,
  );
}

export function useRequestReview(appId: string) {
  return useDraftChange(appId, ({ revision, description }: { revision: number; description: string }) =>
    callEndpoint(remoteConfigApi.requestRemoteReview, { query: { appId }, body: { revision, ...(description.trim() ? { description: description.trim() } : {}) } }),
  );
}

export function useApproveReview(appId: string) {
  return useDraftChange(appId, (revision: number) => callEndpoint(remoteConfigApi.approveRemoteReview, { query: { appId }, body: { revision } }), true);
}

export function useRejectReview(appId: string) {
  return useDraftChange(appId, () => callEndpoint(remoteConfigApi.rejectRemoteReview, { query: { appId }, body: {} }));
}

export function useRollBack(appId: string) {
  return useDraftChange(appId, (number: number) => callEndpoint(remoteConfigApi.rollBackRemoteConfig, { params: { number: String(number) }, query: { appId }, body: {} }), true);
}

export function useSetSettings(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Config['settings']) => callEndpoint(remoteConfigApi.setRemoteSettings, { query: { appId }, body: settings }),
    onSuccess: ({ settings }) => queryClient.setQueryData<Config>(remoteConfigKeys.config(appId), (old) => (old ? { ...old, settings } : old)),
  });
}

/** What a device with these attributes would get (a read, sent as a POST with its attributes). */
export function usePreview(appId: string) {
  return useMutation({
    mutationFn: (body: BodyOf<typeof remoteConfigApi.previewRemoteConfig>) => callEndpoint(remoteConfigApi.previewRemoteConfig, { query: { appId }, body }),
  });
}
