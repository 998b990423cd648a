import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { users } from '../accounts/public';
import { apps } from '../apps/public';
import type { DbOrTx } from '../../platform/db/types';
import { analyticsExports, analyticsReportTemplates } from './tables';

export type TemplateRow = typeof analyticsReportTemplates.$inferSelect;
export type ExportRow = typeof analyticsExports.$inferSelect;

/** Report templates and exports: the only reader and writer of their tables. */
export const reportsRepo = {
  /** The owner's templates and the shared ones, with their owners' names. */
  async templatesFor(db: DbOrTx, appId: string, userId: string) {
    return db
      .select({ row: analyticsReportTemplates, ownerName: users.displayName })
      .from(analyticsReportTemplates)
      .innerJoin(users, eq(users.id, analyticsReportTemplates.ownerId))
      .where(and(eq(analyticsReportTemplates.appId, appId), or(eq(analyticsReportTemplates.ownerId, userId), eq(analyticsReportTemplates.shared, true))))
      .orderBy(asc(analyticsReportTemplates.name), asc(analyticsReportTemplates.createdAt));
  },

  async template(db: DbOrTx, appId: string, templateId: string) {
    const [found] = await db
      .select({ row: analyticsReportTemplates, ownerName: users.displayName, ownerEmail: users.email, ownerLanguage: users.language })
      .from(analyticsReportTemplates)
      .innerJoin(users, eq(users.id, analyticsReportTemplates.ownerId))
      .where(and(eq(analyticsReportTemplates.appId, appId), eq(analyticsReportTemplates.id, templateId)));
    return found ?? null;
  },

  async countTemplates(db: DbOrTx, appId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(analyticsReportTemplates).where(eq(analyticsReportTemplates.appId, appId));
    return Number(row?.n ?? 0);
  },

  async insertTemplate(db: DbOrTx, values: typeof analyticsReportTemplates.$inferInsert): Promise<TemplateRow> {
    const [row] = await db.insert(analyticsReportTemplates).values(values).returning();
    return row!;
  },

  async updateTemplate(db: DbOrTx, id: string, values: Partial<typeof analyticsReportTemplates.$inferInsert>): Promise<TemplateRow> {
    const [row] = await db.update(analyticsReportTemplates).set(values).where(eq(analyticsReportTemplates.id, id)).returning();
    return row!;
  },

  async deleteTemplate(db: DbOrTx, id: string): Promise<void> {
    await db.delete(analyticsReportTemplates).where(eq(analyticsReportTemplates.id, id));
  },

  async insertExport(db: DbOrTx, values: typeof analyticsExports.$inferInsert): Promise<ExportRow> {
    const [row] = await db.insert(analyticsExports).values(values).returning();
    return row!;
  },

  async exportsOf(db: DbOrTx, appId: string, ownerId: string, now: Date): Promise<ExportRow[]> {
    return db
      .select()
      .from(analyticsExports)
      .where(and(eq(analyticsExports.appId, appId), eq(analyticsExports.ownerId, ownerId), gt(analyticsExports.expiresAt, now)))
      .orderBy(desc(analyticsExports.createdAt))
      .limit(100);
  },

  async export(db: DbOrTx, appId: string, exportId: string): Promise<ExportRow | null> {
    const [row] = await db
      .select()
      .from(analyticsExports)
      .where(and(eq(analyticsExports.appId, appId), eq(analyticsExports.id, exportId)));
    return row ?? null;
  },

  /**
   * Takes the oldest export waiting, or one whose worker has said nothing since `staleBefore`
   * (its process died): the row lock makes two workers never take the same one.
   */
  async claimExport(db: DbOrTx, now: Date, staleBefore: Date): Promise<ExportRow | null> {
    const [row] = await db
      .select({ id: analyticsExports.id })
      .from(analyticsExports)
      .where(or(eq(analyticsExports.state, 'queued'), and(eq(analyticsExports.state, 'running'), lt(analyticsExports.heartbeatAt, staleBefore))))
      .orderBy(asc(analyticsExports.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const [claimed] = await db
      .update(analyticsExports)
      .set({ state: 'running', heartbeatAt: now, progress: 0, attempts: sql`${analyticsExports.attempts} + 1` })
      .where(eq(analyticsExports.id, row.id))
      .returning();
    return claimed!;
  },

  async progress(db: DbOrTx, id: string, progress: number, now: Date): Promise<void> {
    await db.update(analyticsExports).set({ progress, heartbeatAt: now }).where(and(eq(analyticsExports.id, id), eq(analyticsExports.state, 'running')));
  },

  async finish(db: DbOrTx, id: string, values: Partial<typeof analyticsExports.$inferInsert>): Promise<void> {
    await db.update(analyticsExports).set(values).where(eq(analyticsExports.id, id));
  },

  /** Exports past their time, with the files to delete. */
  async expired(db: DbOrTx, now: Date) {
    return db
      .select({ id: analyticsExports.id, storageKey: analyticsExports.storageKey })
      .from(analyticsExports)
      .where(lte(analyticsExports.expiresAt, now))
      .limit(500);
  },

  async deleteExports(db: DbOrTx, ids: string[]): Promise<void> {
    if (ids.length) await db.delete(analyticsExports).where(inArray(analyticsExports.id, ids));
  },

  /** Who a scheduled export is mailed to, and the app it is of. */
  async mailFacts(db: DbOrTx, exportId: string) {
    const [found] = await db
      .select({ email: users.email, siteLanguage: users.language, appName: apps.name })
      .from(analyticsExports)
      .innerJoin(users, eq(users.id, analyticsExports.ownerId))
      .innerJoin(apps, eq(apps.id, analyticsExports.appId))
      .where(eq(analyticsExports.id, exportId));
    return found ?? null;
  },

  /** Scheduled templates whose time has come. */
  async dueTemplates(db: DbOrTx, now: Date) {
    return db
      .select({ row: analyticsReportTemplates, ownerLanguage: users.language, teamId: apps.teamId, projectId: apps.projectId })
      .from(analyticsReportTemplates)
      .innerJoin(users, eq(users.id, analyticsReportTemplates.ownerId))
      .innerJoin(apps, eq(apps.id, analyticsReportTemplates.appId))
      .where(and(isNotNull(analyticsReportTemplates.nextRunAt), lte(analyticsReportTemplates.nextRunAt, now)))
      .limit(50)
      .for('update', { of: analyticsReportTemplates, skipLocked: true });
  },
};
