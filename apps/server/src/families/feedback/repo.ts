import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { keysetOrder, pastCursor } from '../../platform/db/keyset';
import { likeContains } from '../../platform/db/like';
import type { Position } from '../../platform/http/cursor';
import { appFeedback, feedbackNotes, feedbackUploads } from './tables';

export type FeedbackRow = typeof appFeedback.$inferSelect;
export type NoteRow = typeof feedbackNotes.$inferSelect;

/** Which feedback a list or an export takes. */
export interface FeedbackFilter {
  appId: string;
  state?: string | undefined;
  category?: string | undefined;
  /** A member's id, or null for feedback nobody has. */
  assigneeId?: string | null | undefined;
  q?: string | undefined;
}

function where(f: FeedbackFilter): SQL[] {
  const c: SQL[] = [eq(appFeedback.appId, f.appId)];
  if (f.state) c.push(eq(appFeedback.state, f.state));
  if (f.category) c.push(eq(appFeedback.category, f.category));
  if (f.assigneeId === null) c.push(isNull(appFeedback.assigneeId));
  else if (f.assigneeId) c.push(eq(appFeedback.assigneeId, f.assigneeId));
  if (f.q) {
    const like = likeContains(f.q);
    c.push(or(ilike(appFeedback.text, like), ilike(appFeedback.contact, like), ilike(appFeedback.deviceModel, like), ilike(appFeedback.appVersion, like))!);
  }
  return c;
}

/** The only reader and writer of the feedback tables. */
export const feedbackRepo = {
  async insert(db: DbOrTx, row: typeof appFeedback.$inferInsert): Promise<FeedbackRow> {
    const [created] = await db.insert(appFeedback).values(row).returning();
    return created!;
  },
  async byId(db: DbOrTx, appId: string, id: string, lock = false): Promise<FeedbackRow | undefined> {
    const q = db.select().from(appFeedback).where(and(eq(appFeedback.appId, appId), eq(appFeedback.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async update(db: DbOrTx, id: string, set: Partial<typeof appFeedback.$inferInsert>): Promise<FeedbackRow> {
    const [row] = await db.update(appFeedback).set(set).where(eq(appFeedback.id, id)).returning();
    return row!;
  },
  /** Newest first. */
  async page(db: DbOrTx, f: FeedbackFilter, limit: number, after?: Position): Promise<FeedbackRow[]> {
    const c = where(f);
    const seek = pastCursor(appFeedback.createdAt, appFeedback.id, after);
    if (seek) c.push(seek);
    return db
      .select()
      .from(appFeedback)
      .where(and(...c))
      .orderBy(...keysetOrder(appFeedback.createdAt, appFeedback.id))
      .limit(limit);
  },
  /** The count in each state of what the filter takes (its own state aside). */
  async counts(db: DbOrTx, f: FeedbackFilter): Promise<Record<string, number>> {
    const rows = await db
      .select({ state: appFeedback.state, n: sql<number>`count(*)::int` })
      .from(appFeedback)
      .where(and(...where({ ...f, state: undefined })))
      .groupBy(appFeedback.state);
    return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
  },
  async notes(db: DbOrTx, feedbackId: string): Promise<NoteRow[]> {
    return db.select().from(feedbackNotes).where(eq(feedbackNotes.feedbackId, feedbackId)).orderBy(feedbackNotes.createdAt, feedbackNotes.id);
  },
  async addNote(db: DbOrTx, row: typeof feedbackNotes.$inferInsert): Promise<NoteRow> {
    const [created] = await db.insert(feedbackNotes).values(row).returning();
    return created!;
  },
  async addUpload(db: DbOrTx, appId: string, fileId: string, now: Date): Promise<string> {
    const [row] = await db.insert(feedbackUploads).values({ appId, fileId, createdAt: now }).returning({ token: feedbackUploads.token });
    return row!.token;
  },
  /** Claims the app's unused uploads by token for a feedback; answers their files in the tokens' order (missing ones left out). */
  async claimUploads(db: DbOrTx, appId: string, tokens: readonly string[], feedbackId: string): Promise<string[]> {
    if (!tokens.length) return [];
    const claimed = await db
      .update(feedbackUploads)
      .set({ feedbackId })
      .where(and(eq(feedbackUploads.appId, appId), inArray(feedbackUploads.token, [...tokens]), isNull(feedbackUploads.feedbackId)))
      .returning({ token: feedbackUploads.token, fileId: feedbackUploads.fileId });
    const byToken = new Map(claimed.map((c) => [c.token, c.fileId]));
    return tokens.flatMap((t) => (byToken.has(t) ? [byToken.get(t)!] : []));
  },
  async moveApp(db: DbOrTx, appId: string, teamId: string): Promise<string[]> {
    const rows = await db.update(appFeedback).set({ teamId }).where(eq(appFeedback.appId, appId)).returning({ screenshotIds: appFeedback.screenshotIds });
    return rows.flatMap((r) => r.screenshotIds);
  },
};
