import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storageApi as api, type BodyOf } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { storageKeys as keys } from './keys';

export function useEnableStorage(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(api.enableStorageService, { query: { projectId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.project(projectId) }),
  });
}

export function useCreateBucket(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callEndpoint(api.createBucket, { query: { projectId }, body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.service(projectId) }),
  });
}

/** What changes one bucket: each refreshes the bucket's views and the service's counts. */
export function useBucketChanges(projectId: string, bucket: string) {
  const client = useQueryClient();
  const query = { projectId, bucket };
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: keys.bucket(projectId, bucket) }), client.invalidateQueries({ queryKey: keys.service(projectId) })]);
  return {
    remove: useMutation({ mutationFn: () => callEndpoint(api.deleteBucket, { query }), onSuccess: () => client.invalidateQueries({ queryKey: keys.service(projectId) }) }),
    /** One file's bytes, telling the progress of sending them. */
    upload: useMutation({
      mutationFn: ({ file, name, onProgress }: { file: File; name: string; onProgress: (sent: number) => void }) =>
        callEndpoint(api.uploadObject, { query: { ...query, name, ...(file.type ? { contentType: file.type } : {}) }, body: file as never, onUploadProgress: (sent) => onProgress(sent), timeoutMs: 0, silent: true }),
      onSuccess: refresh,
    }),
    deleteFiles: useMutation({ mutationFn: (body: BodyOf<typeof api.deleteObjects>) => callEndpoint(api.deleteObjects, { query, body }), onSuccess: refresh }),
    metadata: useMutation({ mutationFn: ({ name, ...body }: BodyOf<typeof api.updateObjectMetadata> & { name: string }) => callEndpoint(api.updateObjectMetadata, { query: { ...query, name }, body }), onSuccess: refresh }),
    sign: useMutation({ mutationFn: ({ name, expiresInSeconds }: { name: string; expiresInSeconds: number }) => callEndpoint(api.signObjectUrl, { query: { ...query, name }, body: { expiresInSeconds } }) }),
    putRules: useMutation({ mutationFn: (body: BodyOf<typeof api.putBucketRules>) => callEndpoint(api.putBucketRules, { query, body }), onSuccess: refresh }),
    putCors: useMutation({ mutationFn: (body: BodyOf<typeof api.putBucketCors>) => callEndpoint(api.putBucketCors, { query, body }), onSuccess: refresh }),
  };
}
