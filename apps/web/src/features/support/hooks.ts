import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supportApi, type BodyOf, type QueryOf, type SupportTicketDetail } from '@wharf/contract';
import { callEndpoint } from '../../request/call';
import { listenEndpoint } from '../../request/live';

/** The console's two sides of the desk: the team's tickets and the operators' queue. */
export type Side = 'team' | 'desk';

export type AttachmentType = (typeof supportApi.ATTACHMENT_TYPES)[number];

export const supportKeys = {
  all: ['support'] as const,
  side: (side: Side) => [...supportKeys.all, side] as const,
  list: (side: Side, query: object) => [...supportKeys.side(side), 'list', query] as const,
  one: (side: Side, ticketId: string) => [...supportKeys.side(side), 'one', ticketId] as const,
  agents: () => [...supportKeys.all, supportApi.supportAgents.id] as const,
};

export interface TeamListQuery {
  state?: (typeof supportApi.SUPPORT_STATES)[number] | undefined;
  pageNo: number;
  pageSize: number;
}

export function useTickets(q: TeamListQuery) {
  return useQuery({ queryKey: supportKeys.list('team', q), queryFn: ({ signal }) => callEndpoint(supportApi.listTickets, { query: q, signal }), placeholderData: keepPreviousData });
}

export interface QueueQuery {
  state?: string | undefined;
  assignee?: string | undefined;
  category?: string | undefined;
  priority?: string | undefined;
  q?: string | undefined;
  sort?: 'due' | 'updated' | undefined;
  pageNo: number;
  pageSize: number;
}

export function useQueue(q: QueueQuery) {
  return useQuery({
    queryKey: supportKeys.list('desk', q),
    queryFn: ({ signal }) => callEndpoint(supportApi.queueTickets, { query: q as QueryOf<typeof supportApi.queueTickets>, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(side: Side, ticketId: string) {
  return useQuery({
    queryKey: supportKeys.one(side, ticketId),
    queryFn: ({ signal }) => callEndpoint(side === 'team' ? supportApi.getTicket : supportApi.operatorGetTicket, { query: { ticketId }, signal }),
  });
}

export function useAgents() {
  return useQuery({ queryKey: supportKeys.agents(), queryFn: ({ signal }) => callEndpoint(supportApi.supportAgents, { signal }) });
}

/** A change's answer is the ticket as it now stands: kept at once, and the lists read again. */
function useTicketChange<V>(side: Side, call: (v: V) => Promise<{ ticket: SupportTicketDetail }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ ticket }) => {
      client.setQueryData(supportKeys.one(side, ticket.ticketId), { ticket });
      void client.invalidateQueries({ queryKey: [...supportKeys.side(side), 'list'] });
    },
  });
}

export const useCreateTicket = () => useTicketChange('team', (body: BodyOf<typeof supportApi.createTicket>) => callEndpoint(supportApi.createTicket, { body }));
export const useReplyTicket = () => useTicketChange('team', (body: BodyOf<typeof supportApi.replyTicket>) => callEndpoint(supportApi.replyTicket, { body }));
export const useCloseTicket = () => useTicketChange('team', (ticketId: string) => callEndpoint(supportApi.closeTicket, { body: { ticketId } }));
export const useRateTicket = () => useTicketChange('team', (body: BodyOf<typeof supportApi.rateTicket>) => callEndpoint(supportApi.rateTicket, { body }));
export const useDeskReply = () => useTicketChange('desk', (body: BodyOf<typeof supportApi.operatorReplyTicket>) => callEndpoint(supportApi.operatorReplyTicket, { body }));
export const useDeskUpdate = () => useTicketChange('desk', (body: BodyOf<typeof supportApi.operatorUpdateTicket>) => callEndpoint(supportApi.operatorUpdateTicket, { body }));

/** Sends one attachment's bytes, telling its progress; answers the token a message names it by. */
export function uploadAttachment(side: Side, file: File, ticketId: string | null, onProgress: (loaded: number, total: number | undefined) => void) {
  // The picker takes only the types the contract allows.
  const query = { fileName: file.name, contentType: file.type as AttachmentType };
  const sending = { body: file as never, onUploadProgress: onProgress, timeoutMs: 0 };
  return side === 'team'
    ? callEndpoint(supportApi.uploadAttachment, { query, ...sending })
    : callEndpoint(supportApi.operatorUploadAttachment, { query: { ...query, ticketId: ticketId! }, ...sending });
}

/**
 * Keeps this side's tickets live: every change another person makes (on any server of the
 * deployment) reads the ticket and the lists again, as does every reconnection, which may
 * have missed some.
 */
export function useLiveTickets(side: Side) {
  const client = useQueryClient();
  useEffect(() => {
    const stop = new AbortController();
    const refresh = () => void client.invalidateQueries({ queryKey: supportKeys.side(side) });
    void listenEndpoint(side === 'team' ? supportApi.ticketEvents : supportApi.operatorTicketEvents, {
      query: { timeoutSeconds: 300 },
      signal: stop.signal,
      onOpen: refresh,
      onEvent: (name, data) => {
        if (name !== 'ticket') return;
        const { ticketId } = JSON.parse(data) as { ticketId: string };
        void client.invalidateQueries({ queryKey: supportKeys.one(side, ticketId) });
        void client.invalidateQueries({ queryKey: [...supportKeys.side(side), 'list'] });
      },
    }).catch(() => undefined);
    return () => stop.abort();
  }, [client, side]);
}
