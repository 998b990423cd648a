import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appLinksApi as api, type LinkSettings, type LinkTargetsInput } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { appLinksKeys as keys } from './keys';

/** Every change of the project's links refreshes its link views. */
export function useLinkChanges(projectId: string) {
  const client = useQueryClient();
  const query = { projectId };
  const refresh = () => client.invalidateQueries({ queryKey: keys.project(projectId) });
  return {
    putSettings: useMutation({ mutationFn: (body: LinkSettings) => callEndpoint(api.putLinkSettings, { query, body }), onSuccess: refresh }),
    addPrefix: useMutation({ mutationFn: (body: { kind: 'path'; name: string } | { kind: 'host'; host: string }) => callEndpoint(api.createPrefix, { query, body }), onSuccess: refresh }),
    deletePrefix: useMutation({ mutationFn: (prefixId: string) => callEndpoint(api.deletePrefix, { query, params: { prefixId } }), onSuccess: refresh }),
    create: useMutation({ mutationFn: (body: LinkTargetsInput & { prefixId: string; suffix?: string }) => callEndpoint(api.createLink, { query, body }), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ linkId, body }: { linkId: string; body: LinkTargetsInput & { enabled: boolean } }) => callEndpoint(api.updateLink, { query, params: { linkId }, body }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (linkId: string) => callEndpoint(api.deleteLink, { query, params: { linkId } }), onSuccess: refresh }),
  };
}
