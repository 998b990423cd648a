import { z } from 'zod';
import { SUPPORT_CATEGORIES, SUPPORT_PRIORITIES, SUPPORT_STATES, type SupportState } from '@wharf/rules';

export { SUPPORT_CATEGORIES, SUPPORT_PRIORITIES, SUPPORT_STATES };

export const SUPPORT_LIMITS = {
  subjectMax: 200,
  textMax: 10_000,
  attachmentsMax: 5,
  /** An attachment's bytes. */
  attachmentBytes: 10 * 1024 * 1024,
  commentMax: 2000,
  fileNameMax: 200,
} as const;

/** What a ticket may carry: screenshots, documents, logs and archives of them; each is checked by its first bytes. */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf', 'text/plain', 'application/zip'] as const;

export const attachmentTokens = z.array(z.uuid()).max(SUPPORT_LIMITS.attachmentsMax).default([]);
export const supportText = z.string().trim().min(1).max(SUPPORT_LIMITS.textMax);

export const ticketInput = z.object({
  category: z.enum(SUPPORT_CATEGORIES),
  priority: z.enum(SUPPORT_PRIORITIES).default('normal'),
  /** The app of the team the ticket is about, if any. */
  appId: z.uuid().nullable().optional(),
  subject: z.string().trim().min(1).max(SUPPORT_LIMITS.subjectMax),
  text: supportText,
  /** The tokens the attachment upload answered. */
  attachmentTokens,
});

export const supportAttachment = z.object({
  attachmentId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** A signed address, valid for a while. */
  url: z.string().nullable(),
});

export const supportMessage = z.object({
  messageId: z.string(),
  /** `team`: a member of the team; `operator`: the platform's support; `note`: an operator's note the team never sees. */
  author: z.enum(['team', 'operator', 'note']),
  authorName: z.string().nullable(),
  text: z.string(),
  attachments: z.array(supportAttachment),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

export const supportRating = z.object({ score: z.number().int().min(1).max(5), comment: z.string().nullable(), ratedAt: z.string() });

export const supportTicket = z.object({
  ticketId: z.string(),
  /** The ticket's number people quote (#1024). */
  number: z.number().int(),
  teamId: z.string(),
  teamName: z.string().nullable(),
  appId: z.string().nullable(),
  appName: z.string().nullable(),
  category: z.enum(SUPPORT_CATEGORIES),
  priority: z.enum(SUPPORT_PRIORITIES),
  subject: z.string(),
  state: z.enum(SUPPORT_STATES),
  requesterId: z.string().nullable(),
  requesterName: z.string().nullable(),
  /** The operator who has the ticket. */
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  /** When the operators must answer; null while the ticket does not wait for them. */
  responseDueAt: z.string().nullable(),
  firstResponseAt: z.string().nullable(),
  /** Who wrote last, the team or the operators. */
  lastAuthor: z.enum(['team', 'operator']),
  lastMessageAt: z.string(),
  messages: z.number().int(),
  rating: supportRating.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type SupportTicket = z.infer<typeof supportTicket>;

export const supportTicketDetail = supportTicket.extend({ thread: z.array(supportMessage) });
export type SupportTicketDetail = z.infer<typeof supportTicketDetail>;

export const supportCounts = z.object(Object.fromEntries(SUPPORT_STATES.map((s) => [s, z.number().int()])) as Record<SupportState, z.ZodNumber>);

export const paging = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
