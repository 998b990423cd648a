import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analyticsApi, type AnalyticsSettings } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { analyticsKeys } from './keys';

export function useSaveAnalyticsSettings(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AnalyticsSettings) => callEndpoint(analyticsApi.saveAnalyticsSettings, { query: { appId }, body: settings }),
    onSuccess: async ({ settings }) => {
      queryClient.setQueryData(analyticsKeys.settings(appId), { settings });
      await queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
    },
  });
}

/** Deletes one person's analytics data; the dashboards are asked again. */
export function useDeleteUserData(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (who: { instanceId: string } | { userId: string }) => callEndpoint(analyticsApi.deleteAnalyticsUserData, { query: { appId }, body: who }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}
