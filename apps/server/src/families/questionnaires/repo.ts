import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { questionnaireAnswers, questionnaires } from './tables';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;
export type AnswerRow = typeof questionnaireAnswers.$inferSelect;

/** The only reader and writer of the questionnaire tables. */
export const questionnairesRepo = {
  async insert(db: DbOrTx, row: typeof questionnaires.$inferInsert): Promise<QuestionnaireRow> {
    const [created] = await db.insert(questionnaires).values(row).returning();
    return created!;
  },
  async byId(db: DbOrTx, id: string, lock = false): Promise<QuestionnaireRow | undefined> {
    const q = db.select().from(questionnaires).where(eq(questionnaires.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async ofApp(db: DbOrTx, appId: string, only?: string): Promise<QuestionnaireRow[]> {
    return db
      .select()
      .from(questionnaires)
      .where(only ? and(eq(questionnaires.appId, appId), eq(questionnaires.state, only)) : eq(questionnaires.appId, appId))
      .orderBy(desc(questionnaires.createdAt), desc(questionnaires.id))
      .limit(200);
  },
  async update(db: DbOrTx, id: string, set: Partial<typeof questionnaires.$inferInsert>): Promise<QuestionnaireRow> {
    const [row] = await db.update(questionnaires).set(set).where(eq(questionnaires.id, id)).returning();
    return row!;
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(questionnaires).where(eq(questionnaires.id, id));
  },
  /** False when this respondent answered already. */
  async addAnswer(db: DbOrTx, row: typeof questionnaireAnswers.$inferInsert): Promise<boolean> {
    const [created] = await db.insert(questionnaireAnswers).values(row).onConflictDoNothing().returning({ id: questionnaireAnswers.id });
    return created !== undefined;
  },
  /** Answers so far, per questionnaire (those without any left out). */
  async counts(db: DbOrTx, ids: readonly string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: questionnaireAnswers.questionnaireId, n: sql<number>`count(*)::int` })
      .from(questionnaireAnswers)
      .where(inArray(questionnaireAnswers.questionnaireId, [...ids]))
      .groupBy(questionnaireAnswers.questionnaireId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  },
  /** Answers in the order given, a batch after the last one read. */
  async answers(db: DbOrTx, questionnaireId: string, limit: number, after?: { at: Date; id: string }): Promise<AnswerRow[]> {
    const c = [eq(questionnaireAnswers.questionnaireId, questionnaireId)];
    if (after) c.push(sql`(${questionnaireAnswers.createdAt}, ${questionnaireAnswers.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`);
    return db
      .select()
      .from(questionnaireAnswers)
      .where(and(...c))
      .orderBy(asc(questionnaireAnswers.createdAt), asc(questionnaireAnswers.id))
      .limit(limit);
  },
  async moveApp(db: DbOrTx, appId: string, teamId: string): Promise<void> {
    await db.update(questionnaires).set({ teamId }).where(eq(questionnaires.appId, appId));
  },
};

