import { useMutation, useQueryClient } from '@tanstack/react-query';
import { abTestingApi, type ExperimentInput } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { remoteConfigKeys } from '../../remote-config/public';
import { abTestingKeys } from './keys';

/** Every change answers the experiment: the app's list, the experiment and its results are read again. */
function useChange<I, R>(fn: (input: I) => Promise<R>, touchesConfig = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: abTestingKeys.all }),
        ...(touchesConfig ? [queryClient.invalidateQueries({ queryKey: remoteConfigKeys.all })] : []),
      ]);
    },
  });
}

export function useSaveExperiment(appId: string) {
  return useChange(({ id, input, revision }: { id?: string; input: ExperimentInput; revision?: number }) =>
    id ? callEndpoint(abTestingApi.updateExperiment, { params: { experimentId: id }, query: { appId }, body: { ...input, revision: revision ?? 0 } }) : callEndpoint(abTestingApi.createExperiment, { query: { appId }, body: input }),
  );
}

export function useStartExperiment(appId: string) {
  return useChange(({ id, revision }: { id: string; revision: number }) => callEndpoint(abTestingApi.startExperiment, { params: { experimentId: id }, query: { appId }, body: { revision } }));
}

export function useStopExperiment(appId: string) {
  return useChange(({ id, revision }: { id: string; revision: number }) => callEndpoint(abTestingApi.stopExperiment, { params: { experimentId: id }, query: { appId }, body: { revision } }));
}

export function useRollOut(appId: string) {
  return useChange(({ id, revision, variant }: { id: string; revision: number; variant: number }) => callEndpoint(abTestingApi.rollOutExperiment, { params: { experimentId: id }, query: { appId }, body: { revision, variant } }), true);
}

export function useDeleteExperiment(appId: string) {
  return useChange((id: string) => callEndpoint(abTestingApi.deleteExperiment, { params: { experimentId: id }, query: { appId } }));
}
