import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { appUsersApi, type QueryOf } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { appUsersKeys } from './keys';

export const APP_USERS_PAGE_SIZE = 50;

/** The project's app users, newest first, a page at a time; `search` is an email part or a user ID. */
export function useAppUsers(projectId: string, search: string) {
  return useInfiniteQuery({
    queryKey: appUsersKeys.list(projectId, search),
    queryFn: ({ pageParam, signal }) => {
      const query: QueryOf<typeof appUsersApi.listAppUsers> = { projectId, pageSize: APP_USERS_PAGE_SIZE, withTotal: 'true' };
      if (pageParam) query.cursor = pageParam;
      if (search) query.search = search;
      return callEndpoint(appUsersApi.listAppUsers, { query, signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(projectId),
  });
}

/** The sign-in methods the project turned on. */
export function useAuthMethods(projectId: string) {
  return useQuery({
    queryKey: appUsersKeys.methods(projectId),
    queryFn: async ({ signal }) => (await callEndpoint(appUsersApi.getAuthMethods, { query: { projectId }, signal })).methods,
    enabled: Boolean(projectId),
  });
}

/** The project's identity providers, the redirect URIs apps may return to, and the callback URL to register at providers. */
export function useIdentityProviders(projectId: string) {
  return useQuery({
    queryKey: appUsersKeys.providers(projectId),
    queryFn: ({ signal }) => callEndpoint(appUsersApi.listIdentityProviders, { query: { projectId }, signal }),
    enabled: Boolean(projectId),
  });
}

/** The countries whose numbers may be texted codes. */
export function usePhonePolicy(projectId: string) {
  return useQuery({
    queryKey: appUsersKeys.phonePolicy(projectId),
    queryFn: async ({ signal }) => (await callEndpoint(appUsersApi.getPhonePolicy, { query: { projectId }, signal })).countries,
    enabled: Boolean(projectId),
  });
}

/** Codes texted over the last 30 days, per day and per country. */
export function useSmsUsage(projectId: string) {
  return useQuery({
    queryKey: appUsersKeys.smsUsage(projectId),
    queryFn: ({ signal }) => callEndpoint(appUsersApi.smsUsage, { query: { projectId, days: 30 }, signal }),
    enabled: Boolean(projectId),
  });
}

/** The project's mails and texts to app users, per kind and language. */
export function useAuthTemplates(projectId: string) {
  return useQuery({
    queryKey: appUsersKeys.templates(projectId),
    queryFn: async ({ signal }) => (await callEndpoint(appUsersApi.listAuthTemplates, { query: { projectId }, signal })).templates,
    enabled: Boolean(projectId),
  });
}
