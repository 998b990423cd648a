import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cloudFunctionsApi as api, fileApi, type BodyOf } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { cloudFunctionsKeys as keys } from './keys';

type CreateBody = BodyOf<typeof api.createFunction>;
type UpdateBody = BodyOf<typeof api.updateFunction>;
type AliasBody = BodyOf<typeof api.updateAlias>;
type TriggerBody = BodyOf<typeof api.createTrigger>;
type AlarmBody = BodyOf<typeof api.createAlarm>;

export function useCreateFunction(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBody) => callEndpoint(api.createFunction, { query: { projectId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list(projectId) }),
  });
}

/** The calls that change one function: each refreshes what it shows of it, and the list. */
export function useFunctionChanges(projectId: string, functionId: string) {
  const queryClient = useQueryClient();
  const query = { projectId, functionId };
  // A function's change can change what uses a layer version, which the layers' lists show.
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: keys.one(functionId) }), queryClient.invalidateQueries({ queryKey: keys.list(projectId) }), queryClient.invalidateQueries({ queryKey: keys.layers(projectId) })]);
  return {
    update: useMutation({ mutationFn: (body: UpdateBody) => callEndpoint(api.updateFunction, { query, body }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: () => callEndpoint(api.deleteFunction, { query }), onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list(projectId) }) }),
    publish: useMutation({ mutationFn: (description: string) => callEndpoint(api.publishVersion, { query, body: { description } }), onSuccess: refresh }),
    deleteVersion: useMutation({ mutationFn: (version: number) => callEndpoint(api.deleteVersion, { query: { ...query, version: String(version) } }), onSuccess: refresh }),
    createAlias: useMutation({ mutationFn: ({ name, ...body }: AliasBody & { name: string }) => callEndpoint(api.createAlias, { query, body: { name, ...body } }), onSuccess: refresh }),
    updateAlias: useMutation({ mutationFn: ({ name, ...body }: AliasBody & { name: string }) => callEndpoint(api.updateAlias, { query: { ...query, alias: name }, body }), onSuccess: refresh }),
    deleteAlias: useMutation({ mutationFn: (alias: string) => callEndpoint(api.deleteAlias, { query: { ...query, alias } }), onSuccess: refresh }),
    // The zip goes to the file service first, then becomes the code.
    uploadZip: useMutation({
      mutationFn: async ({ file, entry }: { file: File; entry: string }) => {
        const { object } = await callEndpoint(fileApi.uploadObject, { query: { fileName: file.name, contentType: 'application/zip', bizTag: 'file' }, body: file as never });
        return callEndpoint(api.uploadCode, { query, body: { objectId: object.objectId, entry } });
      },
      onSuccess: refresh,
    }),
    test: useMutation({ mutationFn: (body: { qualifier: string; event: unknown }) => callEndpoint(api.testFunction, { query, body }) }),
    saveTestEvent: useMutation({ mutationFn: (body: { name: string; event: unknown }) => callEndpoint(api.saveTestEvent, { query, body }), onSuccess: refresh }),
    deleteTestEvent: useMutation({ mutationFn: (name: string) => callEndpoint(api.deleteTestEvent, { query: { ...query, name } }), onSuccess: refresh }),
    createAlarm: useMutation({ mutationFn: (body: AlarmBody) => callEndpoint(api.createAlarm, { query, body }), onSuccess: refresh }),
    updateAlarm: useMutation({ mutationFn: ({ alarmId, body }: { alarmId: string; body: AlarmBody }) => callEndpoint(api.updateAlarm, { query: { ...query, alarmId }, body }), onSuccess: refresh }),
    deleteAlarm: useMutation({ mutationFn: (alarmId: string) => callEndpoint(api.deleteAlarm, { query: { ...query, alarmId } }), onSuccess: refresh }),
    createTrigger: useMutation({ mutationFn: (body: TriggerBody) => callEndpoint(api.createTrigger, { query, body }), onSuccess: refresh }),
    updateTrigger: useMutation({ mutationFn: ({ triggerId, body }: { triggerId: string; body: TriggerBody }) => callEndpoint(api.updateTrigger, { query: { ...query, triggerId }, body }), onSuccess: refresh }),
    deleteTrigger: useMutation({ mutationFn: (triggerId: string) => callEndpoint(api.deleteTrigger, { query: { ...query, triggerId } }), onSuccess: refresh }),
    replayRun: useMutation({ mutationFn: (runId: string) => callEndpoint(api.replayTriggerRun, { query: { ...query, runId } }), onSuccess: refresh }),
  };
}
