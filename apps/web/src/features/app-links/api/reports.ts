import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appLinksApi as api } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { appLinksKeys as keys } from './keys';

const reportKey = [...keys.all, api.listLinkReports.id] as const;

/** The operator's takedown queue. */
export const useLinkReports = () => useQuery({ queryKey: reportKey, queryFn: ({ signal }) => callEndpoint(api.listLinkReports, { signal }) });

export function useDecideReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, decision }: { reportId: string; decision: 'takeDown' | 'dismiss' }) => callEndpoint(api.decideLinkReport, { params: { reportId }, body: { decision } }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKey }),
  });
}
