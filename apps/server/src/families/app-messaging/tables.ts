import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MessageValue } from '@wharf/contract';
import type { MessageStatus } from '@wharf/rules';
import { apps } from '../apps/public';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What a message holds beside its columns: content, trigger, targeting, days and hours, caps. */
export type MessageBody = Pick<MessageValue, 'contents' | 'trigger' | 'targeting' | 'caps' | 'conversionEvent'> & { timeZone: string; days: number[]; hours: { from: number; to: number } | null };

/** An app's in-app messages. */
export const appMessages = pgTable(
  'app_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<MessageValue['kind']>().notNull(),
    status: text('status').$type<MessageStatus>().notNull(),
    priority: integer('priority').notNull(),
    defaultLanguage: text('default_language').notNull(),
    body: jsonb('body').$type<MessageBody>().notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('app_messages_app').on(t.appId, t.priority)],
);

/** What happened to a message: its timeline in the console. */
export const appMessageChanges = pgTable(
  'app_message_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => appMessages.id, { onDelete: 'cascade' }),
    action: text('action').$type<'create' | 'update' | 'publish' | 'pause' | 'resume' | 'end'>().notNull(),
    actorId: text('actor_id'),
    at: at('at').notNull(),
  },
  (t) => [index('app_message_changes_message').on(t.messageId, t.at)],
);
