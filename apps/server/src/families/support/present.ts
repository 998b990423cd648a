import type { SupportMessage, SupportTicket, SupportTicketDetail } from '@wharf/contract';
import type { MessageRow, TicketRow, UploadRow } from './repo';

/** Names the answers show: people by user id, teams by team id. */
export interface Names {
  users: Map<string, string>;
  teams: Map<string, string>;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function ticketOut(r: TicketRow, names: Names): SupportTicket {
  return {
    ticketId: r.id,
    number: r.number,
    teamId: r.teamId,
    teamName: names.teams.get(r.teamId) ?? null,
    appId: r.appId,
    appName: r.appName,
    category: r.category as SupportTicket['category'],
    priority: r.priority as SupportTicket['priority'],
    subject: r.subject,
    state: r.state as SupportTicket['state'],
    requesterId: r.requesterId,
    requesterName: r.requesterId ? (names.users.get(r.requesterId) ?? null) : null,
    assigneeId: r.assigneeId,
    assigneeName: r.assigneeId ? (names.users.get(r.assigneeId) ?? null) : null,
    responseDueAt: iso(r.responseDueAt),
    firstResponseAt: iso(r.firstResponseAt),
    lastAuthor: r.lastAuthor as SupportTicket['lastAuthor'],
    lastMessageAt: r.lastMessageAt.toISOString(),
    messages: r.messageCount,
    rating: r.ratingScore ? { score: r.ratingScore, comment: r.ratingComment, ratedAt: r.ratedAt!.toISOString() } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    resolvedAt: iso(r.resolvedAt),
    closedAt: iso(r.closedAt),
  };
}

export function detailOut(r: TicketRow, messages: MessageRow[], uploads: UploadRow[], urls: Record<string, string>, names: Names): SupportTicketDetail {
  const byMessage = new Map<string, UploadRow[]>();
  for (const u of uploads) byMessage.set(u.messageId!, [...(byMessage.get(u.messageId!) ?? []), u]);
  return {
    ...ticketOut(r, names),
    thread: messages.map(
      (m): SupportMessage => ({
        messageId: m.id,
        author: m.author as SupportMessage['author'],
        authorName: m.authorId ? (names.users.get(m.authorId) ?? null) : null,
        text: m.text,
        attachments: (byMessage.get(m.id) ?? []).map((u) => ({ attachmentId: u.fileId, fileName: u.fileName, contentType: u.contentType, size: u.size, url: urls[u.fileId] ?? null })),
        createdAt: m.createdAt.toISOString(),
      }),
    ),
  };
}
