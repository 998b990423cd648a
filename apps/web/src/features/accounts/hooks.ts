import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authApi, teamApi, type BodyOf } from '@wharf/contract';
import { callEndpoint, requestClient } from '../../request/call';
import { notifySessionChanged, setSigningOut, useSessionVersion } from '../../session/changes';
import { beginLoginState, isSignedIn, pendingLoginState } from '../../session/session';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../session/language';
import { accountKeys } from './keys';
import { forgetTeamFacts, storeUserInfo } from './session-sync';
import { redirectForServer, routeAfterSignIn } from './sign-in-flow';

/** Everything but the client configuration belongs to the session that fetched it. */
function forgetSessionQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'console' });
  notifySessionChanged();
}

/** The signed-in user, their account status and teams (kept in the session data too). */
export function useMe(enabled = true) {
  useSessionVersion();
  return useQuery({
    queryKey: accountKeys.me(),
    queryFn: async ({ signal }) => {
      const me = await callEndpoint(authApi.userInfo, { signal });
      storeUserInfo(me);
      return me;
    },
    enabled: enabled && isSignedIn(),
    staleTime: 60_000,
  });
}

export interface SignInInput {
  email: string;
  password: string;
  /** The route asked for before signing in. */
  route: string;
}

/** Signs in; answers the route to go to (checked against the login state). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, password, route }: SignInInput) => {
      const state = pendingLoginState() ?? beginLoginState();
      const answer = await callEndpoint(authApi.login, { body: { email, password, state, redirect: redirectForServer(route) } });
      return routeAfterSignIn(answer.redirectUri);
    },
    onSuccess: () => {
      requestClient().signedIn();
      forgetSessionQueries(queryClient);
    },
  });
}

/** The display language: mails the server sends for the user follow it. */
function useDisplayLanguage(): Language {
  return useTranslation().i18n.language as Language;
}

export function useSignUp() {
  const queryClient = useQueryClient();
  const language = useDisplayLanguage();
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.register>) => callEndpoint(authApi.register, { body: { ...body, language } }),
    onSuccess: () => {
      requestClient().signedIn();
      forgetSessionQueries(queryClient);
    },
  });
}

export function useRequestPasswordReset() {
  const language = useDisplayLanguage();
  return useMutation({
    mutationFn: (email: string) => callEndpoint(authApi.requestPasswordReset, { body: { email, language } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => callEndpoint(authApi.resetPassword, { body }),
  });
}

/** What an invitation link offers (anonymous: the invitee may not have an account yet). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: accountKeys.invitation(token),
    queryFn: ({ signal }) => callEndpoint(teamApi.getInvitation, { query: { token }, signal, silent: true }),
    enabled: token.length >= 20,
    retry: false,
  });
}

/** Accepts an invitation and makes its team the current one. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      const { teamId } = await callEndpoint(teamApi.acceptInvitation, { body: { token } });
      await callEndpoint(teamApi.switchTeam, { body: { teamId } });
      return teamId;
    },
    onSuccess: () => {
      forgetTeamFacts();
      forgetSessionQueries(queryClient);
    },
  });
}

export function useSwitchTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => callEndpoint(teamApi.switchTeam, { body: { teamId } }),
    onSuccess: () => {
      forgetTeamFacts();
      forgetSessionQueries(queryClient);
    },
  });
}

export function useCreateCompanyTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof teamApi.createMainUser>) => callEndpoint(teamApi.createMainUser, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.me() }),
  });
}

/**
 * Signs out and goes to the sign-in page (a second sign-out within 10 seconds does
 * nothing, and stays where it is).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      setSigningOut(true);
      try {
        return await requestClient().logout();
      } catch (err) {
        setSigningOut(false);
        throw err;
      }
    },
    onSuccess: async (done) => {
      if (!done) {
        setSigningOut(false);
        return;
      }
      // The sign-in page ends the sign-out when it shows.
      await navigate('/login', { replace: true });
      queryClient.clear();
      notifySessionChanged();
    },
  });
}
