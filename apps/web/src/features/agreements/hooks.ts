import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agreementApi, type AgreementId } from '@wharf/contract';
import { callEndpoint } from '../../request/call';
import { useTeamId } from '../team/public';

export const agreementKeys = {
  all: ['agreements'] as const,
  list: (teamId: string) => [...agreementKeys.all, agreementApi.agreementList.id, teamId] as const,
  check: (appId: string) => [...agreementKeys.all, agreementApi.agreementCheck.id, appId] as const,
};

/** The platform's agreements and the current team's signatures. */
export function useAgreements() {
  const teamId = useTeamId();
  return useQuery({
    queryKey: agreementKeys.list(teamId),
    queryFn: async ({ signal }) => (await callEndpoint(agreementApi.agreementList, { signal })).agreements,
    enabled: Boolean(teamId),
  });
}

/** What the app's team still has to sign before a version can be submitted. */
export function useAgreementCheck(appId: string) {
  return useQuery({
    queryKey: agreementKeys.check(appId),
    queryFn: ({ signal }) => callEndpoint(agreementApi.agreementCheck, { body: { appId }, signal }),
    enabled: Boolean(appId),
  });
}

export function useSignAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { agreementId: AgreementId; version: string }) => callEndpoint(agreementApi.signAgreement, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agreementKeys.all }),
  });
}
