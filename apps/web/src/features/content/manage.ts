import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contentApi } from '@wharf/contract';
import { callEndpoint } from '../../request/call';
import { contentKeys } from './keys';

// The platform administrators' side of content: every item of a kind, published or not.

export type ContentKind = 'news' | 'billboard' | 'discounts';

const CRUD = {
  news: { api: contentApi.manageNews, key: contentKeys.manageNews },
  billboard: { api: contentApi.manageBillboard, key: contentKeys.manageBillboard },
  discounts: { api: contentApi.manageDiscounts, key: contentKeys.manageDiscounts },
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
  const { api } = CRUD[kind];
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: unknown }) =>
      id
        ? callEndpoint((api as Crud).update, { params: { id }, body: body as never })
        : callEndpoint((api as Crud).create, { body: body as never }),
    // Its list here and the public views (news, billboard, discounts) all start with the content key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

export function useDeleteContent(kind: ContentKind) {
  const queryClient = useQueryClient();
  const { api } = CRUD[kind];
  return useMutation({
    mutationFn: (id: string) => callEndpoint((api as Crud).remove, { params: { id } }),
    // Its list here and the public views (news, billboard, discounts) all start with the content key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
