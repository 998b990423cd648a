import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorApi, type BodyOf, type OPERATOR_ROLES } from '@wharf/contract';
import { callEndpoint } from '../../request/call';
import { platformKeys } from './keys';

export function useOperators() {
  return useQuery({
    queryKey: platformKeys.operators(),
    queryFn: async ({ signal }) => (await callEndpoint(operatorApi.operatorList, { signal })).items,
  });
}

export function useGrantOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof operatorApi.grantOperatorRole>) => callEndpoint(operatorApi.grantOperatorRole, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKeys.operators() }),
  });
}

export function useRevokeOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: { userId: string; role: (typeof OPERATOR_ROLES)[number] }) => callEndpoint(operatorApi.revokeOperatorRole, { params }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKeys.operators() }),
  });
}
