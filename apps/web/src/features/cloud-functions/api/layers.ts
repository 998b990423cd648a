import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cloudFunctionsApi as api, fileApi } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { cloudFunctionsKeys as keys } from './keys';

/** The project's layers, each with its newest version and the versions a function may use; asked again every 2 s while one builds. */
export function useLayers(projectId: string) {
  return useQuery({
    queryKey: keys.layers(projectId),
    queryFn: ({ signal }) => callEndpoint(api.listLayers, { query: { projectId }, signal }),
    enabled: Boolean(projectId),
    refetchInterval: (q) => (q.state.data?.layers.some((l) => l.latestState === 'building') ? 2000 : false),
  });
}

/** A layer's versions; asked again every 2 s while one is building, so its state and log come in. */
export function useLayerVersions(projectId: string, layerName: string) {
  return useQuery({
    queryKey: keys.layerVersions(projectId, layerName),
    queryFn: ({ signal }) => callEndpoint(api.listLayerVersions, { query: { projectId, layerName }, signal }),
    refetchInterval: (q) => (q.state.data?.versions.some((v) => v.state === 'building') ? 2000 : false),
  });
}

export type NewLayerVersion = { layerName: string; description: string } & ({ file: File } | { packageJson: string });

export function useLayerChanges(projectId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.layers(projectId) });
  return {
    // A zip goes to the file service first, then becomes the version.
    create: useMutation({
      mutationFn: async (v: NewLayerVersion) => {
        const query = { projectId, layerName: v.layerName };
        if ('packageJson' in v) return callEndpoint(api.createLayerVersion, { query, body: { description: v.description, packageJson: v.packageJson } });
        const { object } = await callEndpoint(fileApi.uploadObject, { query: { fileName: v.file.name, contentType: 'application/zip', bizTag: 'file' }, body: v.file as never });
        return callEndpoint(api.createLayerVersion, { query, body: { description: v.description, objectId: object.objectId } });
      },
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: ({ layerName, version }: { layerName: string; version: number }) => callEndpoint(api.deleteLayerVersion, { query: { projectId, layerName, versionNumber: String(version) } }),
      onSuccess: refresh,
    }),
  };
}
