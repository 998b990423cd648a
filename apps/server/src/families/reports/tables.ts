import { bigserial, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Behaviour reports of the console's analytics (page views, jumps, clicks). */
export const behaviourEvents = pgTable(
  'behaviour_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: ts('received_at').notNull(),
    at: ts('at').notNull(),
    tagType: text('tag_type').notNull(),
    pageId: text('page_id'),
    teamId: text('team_id'),
    did: text('did').notNull(),
    greyFlag: boolean('grey_flag').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('behaviour_events_at').on(t.at), index('behaviour_events_team').on(t.teamId, t.at)],
);

/** Marketplace leads: a team or visitor browsed a service; once per service per session. */
export const clueEvents = pgTable(
  'clue_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    dataType: text('data_type').notNull(),
    serviceId: text('service_id').notNull(),
    serviceCode: text('service_code'),
    menuId: text('menu_id'),
    teamId: text('team_id'),
    userId: text('user_id'),
    /** The session (signed in) or device id (visitor) a clue is counted once for. */
    visitKey: text('visit_key').notNull(),
  },
  (t) => [uniqueIndex('clue_events_once').on(t.visitKey, t.dataType, t.serviceId)],
);
