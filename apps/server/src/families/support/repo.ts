import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { likeContains } from '../../platform/db/like';
import { supportMessages, supportTickets, supportUploads } from './tables';

export type TicketRow = typeof supportTickets.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type UploadRow = typeof supportUploads.$inferSelect;

/** Which tickets a list takes. */
export interface TicketFilter {
  teamId?: string | undefined;
  /** An App administrator's view: tickets of these apps, and their own. */
  within?: { appIds: readonly string[]; requesterId: string } | undefined;
  state?: string | undefined;
  /** An operator's id, or null for tickets nobody has. */
  assigneeId?: string | null | undefined;
  category?: string | undefined;
  priority?: string | undefined;
  q?: string | undefined;
}

function where(f: TicketFilter): SQL[] {
  const t = supportTickets;
  const c: SQL[] = [];
  if (f.teamId) c.push(eq(t.teamId, f.teamId));
  if (f.within) c.push(or(eq(t.requesterId, f.within.requesterId), f.within.appIds.length ? inArray(t.appId, [...f.within.appIds]) : sql`false`)!);
  if (f.state) c.push(eq(t.state, f.state));
  if (f.assigneeId === null) c.push(isNull(t.assigneeId));
  else if (f.assigneeId) c.push(eq(t.assigneeId, f.assigneeId));
  if (f.category) c.push(eq(t.category, f.category));
  if (f.priority) c.push(eq(t.priority, f.priority));
  if (f.q) {
    const number = /^#?(\d{1,9})$/.exec(f.q);
    const like = likeContains(f.q);
    c.push(or(ilike(t.subject, like), ilike(t.appName, like), ...(number ? [eq(t.number, Number(number[1]))] : []))!);
  }
  return c;
}

/** The only reader and writer of the support tables. */
export const supportRepo = {
  async insert(db: DbOrTx, row: typeof supportTickets.$inferInsert): Promise<TicketRow> {
    const [created] = await db.insert(supportTickets).values(row).returning();
    return created!;
  },
  async byId(db: DbOrTx, id: string, lock = false): Promise<TicketRow | undefined> {
    const q = db.select().from(supportTickets).where(eq(supportTickets.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async update(db: DbOrTx, id: string, set: Partial<typeof supportTickets.$inferInsert>): Promise<TicketRow> {
    const [row] = await db.update(supportTickets).set(set).where(eq(supportTickets.id, id)).returning();
    return row!;
  },
  /** A page of tickets: the latest activity first, or (`due`) those waiting soonest due first, then the latest activity. */
  async page(db: DbOrTx, f: TicketFilter, sort: 'due' | 'updated', offset: number, limit: number): Promise<{ rows: TicketRow[]; total: number }> {
    const t = supportTickets;
    const c = and(...where(f));
    const order = sort === 'due' ? [sql`${t.responseDueAt} asc nulls last`, desc(t.lastMessageAt), desc(t.id)] : [desc(t.lastMessageAt), desc(t.id)];
    const [rows, [count]] = await Promise.all([
      db.select().from(t).where(c).orderBy(...order).offset(offset).limit(limit),
      db.select({ n: sql<number>`count(*)::int` }).from(t).where(c),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  },
  /** The count in each state of what the filter takes (its own state aside). */
  async counts(db: DbOrTx, f: TicketFilter): Promise<Record<string, number>> {
    const rows = await db
      .select({ state: supportTickets.state, n: sql<number>`count(*)::int` })
      .from(supportTickets)
      .where(and(...where({ ...f, state: undefined })))
      .groupBy(supportTickets.state);
    return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
  },
  /** Tickets waiting for the operators past their due time. */
  async breached(db: DbOrTx, now: Date): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(supportTickets)
      .where(and(eq(supportTickets.state, 'open'), isNotNull(supportTickets.responseDueAt), lte(supportTickets.responseDueAt, now)));
    return Number(row?.n ?? 0);
  },
  /** How many ratings of each score (1 to 5) since a time. */
  async ratings(db: DbOrTx, since: Date): Promise<number[]> {
    const rows = await db
      .select({ score: supportTickets.ratingScore, n: sql<number>`count(*)::int` })
      .from(supportTickets)
      .where(and(isNotNull(supportTickets.ratingScore), gte(supportTickets.ratedAt, since)))
      .groupBy(supportTickets.ratingScore);
    const byScore = [0, 0, 0, 0, 0];
    for (const r of rows) if (r.score) byScore[r.score - 1] = Number(r.n);
    return byScore;
  },
  async addMessage(db: DbOrTx, row: typeof supportMessages.$inferInsert): Promise<MessageRow> {
    const [created] = await db.insert(supportMessages).values(row).returning();
    return created!;
  },
  /** The conversation, oldest first; without internal notes for the team. */
  async messages(db: DbOrTx, ticketId: string, withNotes: boolean): Promise<MessageRow[]> {
    const c = [eq(supportMessages.ticketId, ticketId)];
    if (!withNotes) c.push(sql`${supportMessages.author} <> 'note'`);
    return db
      .select()
      .from(supportMessages)
      .where(and(...c))
      .orderBy(asc(supportMessages.seq));
  },
  async addUpload(db: DbOrTx, row: typeof supportUploads.$inferInsert): Promise<UploadRow> {
    const [created] = await db.insert(supportUploads).values(row).returning();
    return created!;
  },
  /**
   * Claims unused uploads of the team by token for a message: the team's own (no ticket)
   * or, for an operator, those made for this ticket. Answers those claimed.
   */
  async claimUploads(db: DbOrTx, teamId: string, ticketId: string | null, tokens: readonly string[], messageId: string): Promise<UploadRow[]> {
    if (!tokens.length) return [];
    const u = supportUploads;
    return db
      .update(u)
      .set({ messageId })
      .where(and(eq(u.teamId, teamId), ticketId ? eq(u.ticketId, ticketId) : isNull(u.ticketId), inArray(u.token, [...tokens]), isNull(u.messageId)))
      .returning();
  },
  async uploadsOf(db: DbOrTx, messageIds: readonly string[]): Promise<UploadRow[]> {
    if (!messageIds.length) return [];
    return db
      .select()
      .from(supportUploads)
      .where(inArray(supportUploads.messageId, [...messageIds]))
      .orderBy(asc(supportUploads.createdAt), asc(supportUploads.token));
  },
  /** The ticket of an app that moves to another team no longer names it (the app's name stays). */
  async forgetApp(db: DbOrTx, appId: string): Promise<void> {
    await db.update(supportTickets).set({ appId: null }).where(eq(supportTickets.appId, appId));
  },
};
