import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { analyticsApi, type AudienceInput } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { usePermissions } from '../../team/public';
import { analyticsKeys } from './keys';

/**
 * The app's audiences as choices for other features that target them (remote
 * configuration's conditions), and a name for an ID; asked only of someone who may read
 * analytics (others see the IDs).
 */
export function useAudienceChoices(appId: string) {
  const list = useAudiences(appId, usePermissions().can('analytics.read'));
  const audiences = list.data?.audiences ?? [];
  const names = new Map(audiences.map((a) => [a.audienceId, a.name]));
  return { options: audiences.map((a) => ({ value: a.audienceId, label: a.name })), nameOf: (id: string) => names.get(id) ?? id, loading: list.isLoading };
}

export function useAudiences(appId: string, allowed = true) {
  return useQuery({
    queryKey: analyticsKeys.audiences(appId),
    queryFn: ({ signal }) => callEndpoint(analyticsApi.listAudiences, { query: { appId }, signal }),
    enabled: Boolean(appId) && allowed,
  });
}

/** Saves (creates or changes) an audience; its members are worked out on the server at once. */
export function useSaveAudience(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ audienceId, input }: { audienceId?: string | undefined; input: AudienceInput }) =>
      audienceId ? callEndpoint(analyticsApi.updateAudience, { query: { appId, audienceId }, body: input }) : callEndpoint(analyticsApi.createAudience, { query: { appId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.audiences(appId) }),
  });
}

export function useAudienceAction(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ audienceId, action }: { audienceId: string; action: 'recompute' | 'delete' }) =>
      action === 'delete' ? callEndpoint(analyticsApi.deleteAudience, { query: { appId, audienceId } }) : callEndpoint(analyticsApi.recomputeAudience, { query: { appId, audienceId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.audiences(appId) }),
  });
}

/** The audiences one instance is in; asked for when an ID is given. */
export function useInstanceAudiences(appId: string, instanceId: string) {
  return useQuery({
    queryKey: [...analyticsKeys.audiences(appId), 'of', instanceId],
    queryFn: ({ signal }) => callEndpoint(analyticsApi.audiencesOfInstance, { query: { appId, instanceId }, signal }),
    enabled: Boolean(appId && instanceId),
  });
}
