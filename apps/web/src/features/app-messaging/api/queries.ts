import { useQuery } from '@tanstack/react-query';
import { appMessagingApi as api, fileApi } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { appMessagingKeys as keys } from './keys';

export const useMessages = (appId: string) =>
  useQuery({ queryKey: keys.list(appId), queryFn: ({ signal }) => callEndpoint(api.listMessages, { query: { appId }, signal }), enabled: Boolean(appId) });

export const useMessageStats = (appId: string, messageId: string, days: number) =>
  useQuery({ queryKey: keys.stats(appId, messageId, days), queryFn: ({ signal }) => callEndpoint(api.messageStatistics, { query: { appId, days }, params: { messageId }, signal }), enabled: Boolean(appId && messageId) });

/** A picture's address for the preview (a signed link of the file service). */
export const useImageUrl = (objectId: string | null) =>
  useQuery({
    queryKey: ['app-messaging', fileApi.downloadUrl.id, objectId],
    queryFn: async ({ signal }) => (await callEndpoint(fileApi.downloadUrl, { body: { objectId: objectId!, expiresInSeconds: 3600 }, signal, silent: true })).url,
    enabled: Boolean(objectId),
    staleTime: 30 * 60_000,
  });
