import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contentApi, operatorApi, type BodyOf } from '@wharf/contract';
import { callEndpoint } from '../../request/call';
import { contentKeys } from '../content/keys';
import { platformKeys } from './keys';

export type ContentKind = 'news' | 'billboard' | 'discounts';

const CRUD = {
  news: { api: contentApi.manageNews, key: platformKeys.news },
  billboard: { api: contentApi.manageBillboard, key: platformKeys.billboard },
  discounts: { api: contentApi.manageDiscounts, key: platformKeys.discounts },
} as const;

type Crud = (typeof CRUD)[ContentKind]['api'];

/** Everything of one kind, published or not (operators only). */
export function useManagedContent(kind: ContentKind) {
  const { api, key } = CRUD[kind];
  return useQuery({
    queryKey: key(),
    queryFn: async ({ signal }) => (await callEndpoint((api as Crud).list, { signal })).items,
  });
}

/** Create (no id) or update (an id) an item; the public views refresh too. */
export function useSaveContent(kind: ContentKind) {
  const queryClient = useQueryClient();
  const { api, key } = CRUD[kind];
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: unknown }) =>
      id
        ? callEndpoint((api as Crud).update, { params: { id }, body: body as never })
        : callEndpoint((api as Crud).create, { body: body as never }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: key() }), queryClient.invalidateQueries({ queryKey: contentKeys.all })]),
  });
}

export function useDeleteContent(kind: ContentKind) {
  const queryClient = useQueryClient();
  const { api, key } = CRUD[kind];
  return useMutation({
    mutationFn: (id: string) => callEndpoint((api as Crud).remove, { params: { id } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: key() }), queryClient.invalidateQueries({ queryKey: contentKeys.all })]),
  });
}

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
    mutationFn: (params: { userId: string; role: 'reviewer' | 'admin' }) => callEndpoint(operatorApi.revokeOperatorRole, { params }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKeys.operators() }),
  });
}
