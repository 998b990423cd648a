import { appUsersApi } from '@wharf/contract';

export const appUsersKeys = {
  all: ['app-users'] as const,
  lists: (projectId: string) => [...appUsersKeys.all, appUsersApi.listAppUsers.id, projectId] as const,
  list: (projectId: string, search: string) => [...appUsersKeys.lists(projectId), search] as const,
  methods: (projectId: string) => [...appUsersKeys.all, appUsersApi.getAuthMethods.id, projectId] as const,
  phonePolicy: (projectId: string) => [...appUsersKeys.all, appUsersApi.getPhonePolicy.id, projectId] as const,
  smsUsage: (projectId: string) => [...appUsersKeys.all, appUsersApi.smsUsage.id, projectId] as const,
  templates: (projectId: string) => [...appUsersKeys.all, appUsersApi.listAuthTemplates.id, projectId] as const,
  providers: (projectId: string) => [...appUsersKeys.all, appUsersApi.listIdentityProviders.id, projectId] as const,
};
