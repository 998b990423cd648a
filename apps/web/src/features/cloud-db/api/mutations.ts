import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cloudDbApi, type ObjectTypeInput, type SchemaFile } from '@wharf/contract';
import type { SecurityRules } from '@wharf/rules';
import { callEndpoint } from '../../../request/call';
import { cloudDbKeys } from './keys';

/** Every change reads the object types, zones and the data view again. */
function useChange<I, R>(fn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: cloudDbKeys.all }) });
}

export function useSaveObjectType(projectId: string) {
  return useChange(({ input, revision }: { input: ObjectTypeInput; revision?: number }) =>
    revision === undefined
      ? callEndpoint(cloudDbApi.createObjectType, { query: { projectId }, body: input })
      : callEndpoint(cloudDbApi.updateObjectType, { params: { objectTypeName: input.objectTypeName }, query: { projectId }, body: { ...input, revision } }),
  );
}

export function useDeleteObjectType(projectId: string) {
  return useChange((objectTypeName: string) => callEndpoint(cloudDbApi.deleteObjectType, { params: { objectTypeName }, query: { projectId } }));
}

export function useImportSchema(projectId: string) {
  return useChange((file: SchemaFile) => callEndpoint(cloudDbApi.importSchema, { query: { projectId }, body: file }));
}

export function useCreateZone(projectId: string) {
  return useChange(({ zoneName, retentionDays }: { zoneName: string; retentionDays: number | null }) => callEndpoint(cloudDbApi.createZone, { query: { projectId }, body: { zoneName, retentionDays } }));
}

export function useSetRetention(projectId: string) {
  return useChange(({ zoneName, retentionDays }: { zoneName: string; retentionDays: number | null }) =>
    callEndpoint(cloudDbApi.setZoneRetention, { params: { zoneName }, query: { projectId }, body: { retentionDays } }),
  );
}

export function useDeleteZone(projectId: string) {
  return useChange((zoneName: string) => callEndpoint(cloudDbApi.deleteZone, { params: { zoneName }, query: { projectId } }));
}

type At = { zoneName: string; objectTypeName: string };

export function useWriteDocuments(projectId: string) {
  return useChange(({ at, objects }: { at: At; objects: Record<string, unknown>[] }) => callEndpoint(cloudDbApi.writeObjects, { params: at, query: { projectId }, body: { objects } }));
}

export function useRemoveDocuments(projectId: string) {
  return useChange(({ at, objects }: { at: At; objects: Record<string, unknown>[] }) => callEndpoint(cloudDbApi.removeObjects, { params: { ...at }, query: { projectId }, body: { objects } }));
}

/** The schema file of the named types (all when none), as AppGallery Connect's console exports it. */
export const exportSchema = (projectId: string, names: readonly string[]) =>
  callEndpoint(cloudDbApi.exportSchema, { query: { projectId, ...(names.length ? { objectTypes: names.join(',') } : {}) } });

export function useSetRules(projectId: string) {
  return useChange(({ name, rules, revision }: { name: string; rules: SecurityRules; revision: number }) =>
    callEndpoint(cloudDbApi.setSecurityRules, { params: { objectTypeName: name }, query: { projectId }, body: { rules, revision } }),
  );
}
