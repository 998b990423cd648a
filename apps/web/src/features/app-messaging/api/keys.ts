import { appMessagingApi as api } from '@wharf/contract';

export const appMessagingKeys = {
  all: ['app-messaging'] as const,
  app: (appId: string) => [...appMessagingKeys.all, appId] as const,
  list: (appId: string) => [...appMessagingKeys.app(appId), api.listMessages.id] as const,
  stats: (appId: string, messageId: string, days: number) => [...appMessagingKeys.app(appId), api.messageStatistics.id, messageId, days] as const,
};
