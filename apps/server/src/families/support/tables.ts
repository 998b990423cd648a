import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from '../accounts/public';
import { apps } from '../apps/public';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A team's request for help from the platform's operators, and where it stands. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What people quote: #1, #2, … across the deployment. */
    number: serial('number').notNull().unique(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The team's app it is about; cleared when the app goes or moves to another team (its name stays). */
    appId: uuid('app_id').references(() => apps.id, { onDelete: 'set null' }),
    appName: text('app_name'),
    /** account, billing, review, distribution, technical, other. */
    category: text('category').notNull(),
    /** normal, high, urgent. */
    priority: text('priority').notNull(),
    subject: text('subject').notNull(),
    /** open (waits for the operators), pending (waits for the team), resolved, closed. */
    state: text('state').notNull().default('open'),
    requesterId: uuid('requester_id'),
    assigneeId: uuid('assignee_id'),
    /** When the operators must answer; null while the ticket does not wait for them. */
    responseDueAt: ts('response_due_at'),
    firstResponseAt: ts('first_response_at'),
    /** team or operator. */
    lastAuthor: text('last_author').notNull().default('team'),
    lastMessageAt: ts('last_message_at').notNull(),
    /** Messages the team sees (internal notes not counted). */
    messageCount: integer('message_count').notNull().default(0),
    ratingScore: integer('rating_score'),
    ratingComment: text('rating_comment'),
    ratedAt: ts('rated_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    resolvedAt: ts('resolved_at'),
    closedAt: ts('closed_at'),
  },
  (t) => [index('support_tickets_team_activity').on(t.teamId, t.lastMessageAt), index('support_tickets_state_due').on(t.state, t.responseDueAt), index('support_tickets_rated').on(t.ratedAt), index('support_tickets_app').on(t.appId)],
);

/** The conversation of a ticket: the team's words, the operators' answers and their internal notes. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order written, which two messages in the same millisecond keep too. */
    seq: serial('seq').notNull(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** team, operator, note. */
    author: text('author').notNull(),
    authorId: uuid('author_id'),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('support_messages_ticket').on(t.ticketId, t.seq)],
);

/**
 * Attachments by the token their upload answered: stored as files of the ticket's team,
 * claimed once by the message that names them (by the same team, or for the same ticket
 * by an operator), and listed with that message.
 */
export const supportUploads = pgTable(
  'support_uploads',
  {
    token: uuid('token').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** An operator's upload is for one ticket only. */
    ticketId: uuid('ticket_id'),
    fileId: uuid('file_id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploaderId: uuid('uploader_id'),
    messageId: uuid('message_id').references(() => supportMessages.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('support_uploads_message').on(t.messageId), index('support_uploads_team').on(t.teamId)],
);
