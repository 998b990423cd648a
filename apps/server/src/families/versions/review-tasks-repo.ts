import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import type { Position } from '../../platform/http/cursor';
import { keysetOrder, pastCursor } from '../../platform/db/keyset';
import { reviewTasks } from './tables';

export type TaskRow = typeof reviewTasks.$inferSelect;
export type TaskState = 'open' | 'approved' | 'rejected' | 'withdrawn';

/** Which tasks a page lists: of some kinds, in a state, of one app. */
export interface TaskFilter {
  kinds: readonly string[];
  state?: string | undefined;
  appId?: string | undefined;
}

/** The reviewers' queue's table: every kind of task, whoever keeps its subject. */
export const reviewTasksRepo = {
  async insert(db: DbOrTx, row: typeof reviewTasks.$inferInsert): Promise<TaskRow> {
    const [created] = await db.insert(reviewTasks).values(row).returning();
    return created!;
  },
  /** Locked when asked, so two decisions on one task run one after the other. */
  async byId(db: DbOrTx, id: string, lock = false): Promise<TaskRow | undefined> {
    const q = db.select().from(reviewTasks).where(eq(reviewTasks.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async byIds(db: DbOrTx, ids: string[]): Promise<TaskRow[]> {
    if (!ids.length) return [];
    return db.select().from(reviewTasks).where(inArray(reviewTasks.id, ids));
  },
  async openOf(db: DbOrTx, subjectId: string): Promise<TaskRow | undefined> {
    const [row] = await db.select().from(reviewTasks).where(and(eq(reviewTasks.subjectId, subjectId), eq(reviewTasks.state, 'open')));
    return row;
  },
  async update(db: DbOrTx, id: string, set: Partial<typeof reviewTasks.$inferInsert>): Promise<TaskRow> {
    const [row] = await db.update(reviewTasks).set(set).where(eq(reviewTasks.id, id)).returning();
    return row!;
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(reviewTasks).where(eq(reviewTasks.id, id));
  },
  /** An app's tasks follow it to another team. */
  async moveApp(db: DbOrTx, appId: string, teamId: string): Promise<void> {
    await db.update(reviewTasks).set({ teamId }).where(eq(reviewTasks.appId, appId));
  },
  /**
   * A page of tasks. The reviewers' queue: open ones oldest first (first come, first judged),
   * decided ones newest decided first. An app's own list: newest submitted first.
   */
  async page(db: DbOrTx, f: TaskFilter, limit: number, after?: Position): Promise<TaskRow[]> {
    const c: SQL[] = [inArray(reviewTasks.kind, [...f.kinds])];
    if (f.state) c.push(eq(reviewTasks.state, f.state));
    if (f.appId) c.push(eq(reviewTasks.appId, f.appId));
    const byDecision = !f.appId && f.state !== undefined && f.state !== 'open';
    const at = byDecision ? reviewTasks.decidedAt : reviewTasks.submittedAt;
    const order = !f.appId && f.state === 'open' ? 'oldestFirst' : 'newestFirst';
    const seek = pastCursor(at, reviewTasks.id, after, order);
    if (seek) c.push(seek);
    return db
      .select()
      .from(reviewTasks)
      .where(and(...c))
      .orderBy(...keysetOrder(at, reviewTasks.id, order))
      .limit(limit);
  },
};

/** The key a page's cursor is made of, for the same filter. */
export function taskPosition(f: TaskFilter, t: TaskRow): Position {
  const byDecision = !f.appId && f.state !== undefined && f.state !== 'open';
  return { at: byDecision ? t.decidedAt! : t.submittedAt, id: t.id };
}
