import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appMessagingApi as api, fileApi, type MessageInput } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { appMessagingKeys as keys } from './keys';

/** Every change of the app's messages refreshes its message views. */
export function useMessageChanges(appId: string) {
  const client = useQueryClient();
  const query = { appId };
  const refresh = () => client.invalidateQueries({ queryKey: keys.app(appId) });
  return {
    create: useMutation({ mutationFn: (body: MessageInput) => callEndpoint(api.createMessage, { query, body }), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ messageId, body }: { messageId: string; body: MessageInput }) => callEndpoint(api.updateMessage, { query, params: { messageId }, body }), onSuccess: refresh }),
    setState: useMutation({ mutationFn: ({ messageId, action }: { messageId: string; action: 'publish' | 'pause' | 'resume' | 'end' }) => callEndpoint(api.setMessageState, { query, params: { messageId }, body: { action } }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (messageId: string) => callEndpoint(api.deleteMessage, { query, params: { messageId } }), onSuccess: refresh }),
    /** A picture for a message: to the file service, its object ID back. */
    uploadImage: useMutation({ mutationFn: async (file: File) => (await callEndpoint(fileApi.uploadObject, { query: { fileName: file.name, contentType: file.type || 'image/png', bizTag: 'file' }, body: file as never, timeoutMs: 0 })).object.objectId }),
  };
}
