import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appUsersApi, type AuthMethods, type AuthTemplateKind, type BodyOf, type TemplateLanguage } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { appUsersKeys } from './keys';

function useUserMutation<I>(projectId: string, fn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: appUsersKeys.lists(projectId) }) });
}

export function useSetAppUserDisabled(projectId: string) {
  return useUserMutation(projectId, ({ appUserId, disabled }: { appUserId: string; disabled: boolean }) =>
    callEndpoint(appUsersApi.setAppUserDisabled, { params: { appUserId }, query: { projectId }, body: { disabled } }),
  );
}

export function useRevokeAppUserSessions(projectId: string) {
  return useUserMutation(projectId, (appUserId: string) => callEndpoint(appUsersApi.revokeAppUserSessions, { params: { appUserId }, query: { projectId }, body: {} }));
}

export function useDeleteAppUser(projectId: string) {
  return useUserMutation(projectId, (appUserId: string) => callEndpoint(appUsersApi.deleteAppUser, { params: { appUserId }, query: { projectId } }));
}

export function useSetAuthMethods(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (methods: AuthMethods) => (await callEndpoint(appUsersApi.setAuthMethods, { query: { projectId }, body: methods })).methods,
    onSuccess: (methods) => queryClient.setQueryData(appUsersKeys.methods(projectId), methods),
  });
}

function useProviderMutation<I>(projectId: string, fn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: appUsersKeys.providers(projectId) }) });
}

export type IdentityProviderDraft = BodyOf<typeof appUsersApi.saveIdentityProvider>;

export function useSaveIdentityProvider(projectId: string) {
  return useProviderMutation(projectId, ({ providerId, ...body }: IdentityProviderDraft & { providerId: string }) =>
    callEndpoint(appUsersApi.saveIdentityProvider, { params: { providerId }, query: { projectId }, body }),
  );
}

export function useDeleteIdentityProvider(projectId: string) {
  return useProviderMutation(projectId, (providerId: string) => callEndpoint(appUsersApi.deleteIdentityProvider, { params: { providerId }, query: { projectId } }));
}

export function useSetRedirectUris(projectId: string) {
  return useProviderMutation(projectId, (redirectUris: string[]) => callEndpoint(appUsersApi.setRedirectUris, { query: { projectId }, body: { redirectUris } }));
}

export function useSetPhonePolicy(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (countries: string[]) => (await callEndpoint(appUsersApi.setPhonePolicy, { query: { projectId }, body: { countries } })).countries,
    onSuccess: (countries) => queryClient.setQueryData(appUsersKeys.phonePolicy(projectId), countries),
  });
}

type TemplateKey = { kind: AuthTemplateKind; language: TemplateLanguage };

export function useSetAuthTemplate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, language, subject, text }: TemplateKey & { subject: string; text: string }) =>
      callEndpoint(appUsersApi.setAuthTemplate, { params: { kind, language }, query: { projectId }, body: { subject, text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appUsersKeys.templates(projectId) }),
  });
}

export function useResetAuthTemplate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, language }: TemplateKey) => callEndpoint(appUsersApi.resetAuthTemplate, { params: { kind, language }, query: { projectId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appUsersKeys.templates(projectId) }),
  });
}
