import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileApi, hostingApi as api, type HostingConfigInput } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { hostingKeys as keys } from './keys';

export function useCreateSite(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callEndpoint(api.createSite, { query: { projectId }, body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.sites(projectId) }),
  });
}

/** What changes one site: each refreshes the site's views and the list of sites. */
export function useSiteChanges(projectId: string, site: string) {
  const client = useQueryClient();
  const query = { projectId, site };
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: keys.site(projectId, site) }), client.invalidateQueries({ queryKey: keys.sites(projectId) })]);
  return {
    remove: useMutation({ mutationFn: () => callEndpoint(api.deleteSite, { query }), onSuccess: () => client.invalidateQueries({ queryKey: keys.sites(projectId) }) }),
    /** A zip: to the file service (its progress told), then deployed and released live. */
    deployZip: useMutation({
      mutationFn: async ({ file, note, onProgress }: { file: File; note: string; onProgress: (sent: number, total: number) => void }) => {
        const { object } = await callEndpoint(fileApi.uploadObject, { query: { fileName: file.name, contentType: 'application/zip', bizTag: 'file' }, body: file as never, onUploadProgress: (sent) => onProgress(sent, file.size), timeoutMs: 0 });
        return callEndpoint(api.deployZip, { query, body: { objectId: object.objectId, note, channel: 'live' } });
      },
      onSuccess: refresh,
    }),
    /** A folder: a version filled file by file (the count told), then released live. */
    deployFolder: useMutation({
      mutationFn: async ({ files, note, onProgress }: { files: { path: string; file: File }[]; note: string; onProgress: (done: number, total: number) => void }) => {
        const { version } = await callEndpoint(api.createVersion, { query, body: { note } });
        let done = 0;
        for (const f of files) {
          await callEndpoint(api.uploadVersionFile, { query: { ...query, version: version.number, path: f.path }, body: f.file as never, timeoutMs: 0 });
          onProgress((done += 1), files.length);
        }
        return callEndpoint(api.finalizeVersion, { query, body: { version: version.number, channel: 'live' } });
      },
      onSuccess: refresh,
    }),
    release: useMutation({ mutationFn: (body: { version: number; channel: string }) => callEndpoint(api.releaseVersion, { query, body }), onSuccess: refresh }),
    deleteChannel: useMutation({ mutationFn: (channel: string) => callEndpoint(api.deleteChannel, { query: { ...query, channel } }), onSuccess: refresh }),
    putConfig: useMutation({ mutationFn: (config: HostingConfigInput) => callEndpoint(api.putSiteConfig, { query, body: { config } }), onSuccess: refresh }),
    addDomain: useMutation({ mutationFn: (domain: string) => callEndpoint(api.addDomain, { query, body: { domain } }), onSuccess: refresh }),
    deleteDomain: useMutation({ mutationFn: (domain: string) => callEndpoint(api.deleteDomain, { query: { ...query, domain } }), onSuccess: refresh }),
  };
}
