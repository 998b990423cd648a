import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { appReviewReports, appReviews, appReviewVotes } from './tables';
import { orderOf, type ReviewOrder, type ReviewPosition } from './order';

export type ReviewRow = typeof appReviews.$inferSelect;
export type ReviewWrite = Pick<ReviewRow, 'rating' | 'text' | 'language' | 'country' | 'versionId' | 'versionName' | 'versionCode' | 'flags'>;
const VISIBLE = eq(appReviews.state, 'visible');

/** How a reader is kept on their helpful marks and reports: an install's device, or an app user. */
export const readerKey = (reader: { deviceId: string } | { appUserId: string }): string => ('deviceId' in reader ? `device:${reader.deviceId}` : `user:${reader.appUserId}`);

/** What the console filters an app's reviews by. */
export interface ReviewFilters {
  stars?: number[] | undefined;
  versions?: string[] | undefined;
  countries?: string[] | undefined;
  languages?: string[] | undefined;
  replied?: boolean | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
  q?: string | undefined;
  /** Moderation states; readers' numbers count `visible` only. */
  states?: Array<ReviewRow['state']> | undefined;
}

/** `%` and `_` typed by the user are letters, not wildcards. */
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtersOf(f: ReviewFilters): Array<SQL | undefined> {
  return [
    f.stars?.length ? inArray(appReviews.rating, f.stars) : undefined,
    f.versions?.length ? inArray(appReviews.versionName, f.versions) : undefined,
    f.countries?.length ? inArray(appReviews.country, f.countries) : undefined,
    f.languages?.length ? inArray(appReviews.language, f.languages) : undefined,
    f.replied === undefined ? undefined : f.replied ? isNotNull(appReviews.replyText) : isNull(appReviews.replyText),
    f.from ? gte(appReviews.updatedAt, f.from) : undefined,
    f.until ? sql`${appReviews.updatedAt} < ${f.until.toISOString()}::timestamptz` : undefined,
    f.q ? ilike(appReviews.text, likeText(f.q)) : undefined,
    f.states?.length ? inArray(appReviews.state, f.states) : undefined,
  ];
}

/** The only reader and writer of the family's tables. */
export const ratingsRepo = {
  async byId(db: DbOrTx, appId: string, id: string): Promise<ReviewRow | undefined> {
    const [row] = await db.select().from(appReviews).where(and(eq(appReviews.appId, appId), eq(appReviews.id, id))).limit(1);
    return row;
  },
  async byAuthor(db: DbOrTx, appId: string, author: { deviceId: string } | { appUserId: string }): Promise<ReviewRow | undefined> {
    const who = 'deviceId' in author ? eq(appReviews.deviceId, author.deviceId) : eq(appReviews.appUserId, author.appUserId);
    const [row] = await db.select().from(appReviews).where(and(eq(appReviews.appId, appId), who)).limit(1);
    return row;
  },
  /**
   * Writes the author's one review: a new one, or theirs changed in place. Flagged text is
   * held for an operator; so is a hidden review its author changes (someone must look again).
   */
  async upsert(db: DbOrTx, appId: string, author: { deviceId: string } | { appUserId: string }, write: ReviewWrite, now: Date): Promise<ReviewRow> {
    const byDevice = 'deviceId' in author;
    const flagged = write.flags.length > 0;
    const at = sql`${now.toISOString()}::timestamptz`;
    const [row] = await db
      .insert(appReviews)
      .values({ appId, ...author, ...write, state: flagged ? 'held' : 'visible', queuedAt: flagged ? now : null, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: byDevice ? [appReviews.appId, appReviews.deviceId] : [appReviews.appId, appReviews.appUserId],
        targetWhere: byDevice ? sql`device_id is not null` : sql`app_user_id is not null`,
        set: {
          ...write,
          updatedAt: now,
          state: flagged ? sql`'held'` : sql`case when ${appReviews.state} = 'hidden' then 'held' else 'visible' end`,
          queuedAt: flagged ? sql`coalesce(${appReviews.queuedAt}, ${at})` : sql`case when ${appReviews.state} = 'hidden' then ${at} else ${appReviews.queuedAt} end`,
        },
      })
      .returning();
    return row!;
  },
  async page(db: DbOrTx, appId: string, filters: ReviewFilters, order: ReviewOrder, limit: number, after?: ReviewPosition): Promise<ReviewRow[]> {
    const { past, orderBy } = orderOf(order);
    return db
      .select()
      .from(appReviews)
      .where(and(eq(appReviews.appId, appId), ...filtersOf(filters), after ? past(after) : undefined))
      .orderBy(...orderBy)
      .limit(limit);
  },
  /** The store page's reviews: those in `language` (or all the others), past a position. */
  async storePage(db: DbOrTx, appId: string, language: { is: string } | { not: string } | null, order: ReviewOrder, limit: number, after?: ReviewPosition): Promise<ReviewRow[]> {
    const { past, orderBy } = orderOf(order);
    const inLanguage = language === null ? undefined : 'is' in language ? eq(appReviews.language, language.is) : ne(appReviews.language, language.not);
    return db
      .select()
      .from(appReviews)
      .where(and(eq(appReviews.appId, appId), inLanguage, VISIBLE, after ? past(after) : undefined))
      .orderBy(...orderBy)
      .limit(limit);
  },
  /** Reviews per number of stars (index 0: one star). */
  async distribution(db: DbOrTx, appId: string, filters: ReviewFilters = {}): Promise<number[]> {
    const rows = await db
      .select({ rating: appReviews.rating, n: sql<number>`count(*)::int` })
      .from(appReviews)
      .where(and(eq(appReviews.appId, appId), ...filtersOf(filters)))
      .groupBy(appReviews.rating);
    const counts = [0, 0, 0, 0, 0];
    for (const r of rows) counts[r.rating - 1] = r.n;
    return counts;
  },
  async perVersion(db: DbOrTx, appId: string, filters: ReviewFilters): Promise<Array<{ versionName: string | null; count: number; average: number }>> {
    return db
      .select({ versionName: appReviews.versionName, count: sql<number>`count(*)::int`, average: sql<number>`round(avg(${appReviews.rating}), 2)::float8` })
      .from(appReviews)
      .where(and(eq(appReviews.appId, appId), ...filtersOf(filters)))
      .groupBy(appReviews.versionName)
      .orderBy(desc(sql`max(${appReviews.versionCode})`), asc(appReviews.versionName));
  },
  async perDay(db: DbOrTx, appId: string, filters: ReviewFilters): Promise<Array<{ day: string; count: number; average: number }>> {
    const day = sql<string>`to_char(${appReviews.updatedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    return db
      .select({ day, count: sql<number>`count(*)::int`, average: sql<number>`round(avg(${appReviews.rating}), 2)::float8` })
      .from(appReviews)
      .where(and(eq(appReviews.appId, appId), ...filtersOf(filters)))
      .groupBy(day)
      .orderBy(day);
  },
  async setReply(db: DbOrTx, appId: string, id: string, text: string | null, by: string | null, now: Date): Promise<ReviewRow | undefined> {
    const [row] = await db
      .update(appReviews)
      .set(
        text === null
          ? { replyText: null, replyBy: null, replyCreatedAt: null, replyUpdatedAt: null }
          : { replyText: text, replyBy: by, replyCreatedAt: sql`coalesce(${appReviews.replyCreatedAt}, ${now.toISOString()}::timestamptz)`, replyUpdatedAt: now },
      )
      .where(and(eq(appReviews.appId, appId), eq(appReviews.id, id)))
      .returning();
    return row;
  },
  /** Marks or unmarks; the count moves only when the reader's mark did. Undefined for no such review. */
  async vote(db: DbOrTx, appId: string, id: string, voter: string, helpful: boolean, now: Date): Promise<number | undefined> {
    const review = await db.select({ id: appReviews.id }).from(appReviews).where(and(eq(appReviews.appId, appId), eq(appReviews.id, id))).limit(1).for('update');
    if (!review.length) return undefined;
    const changed = helpful
      ? await db.insert(appReviewVotes).values({ reviewId: id, voter, createdAt: now }).onConflictDoNothing().returning({ id: appReviewVotes.reviewId })
      : await db.delete(appReviewVotes).where(and(eq(appReviewVotes.reviewId, id), eq(appReviewVotes.voter, voter))).returning({ id: appReviewVotes.reviewId });
    const [row] = changed.length
      ? await db.update(appReviews).set({ helpful: sql`${appReviews.helpful} + ${helpful ? 1 : -1}` }).where(eq(appReviews.id, id)).returning({ helpful: appReviews.helpful })
      : await db.select({ helpful: appReviews.helpful }).from(appReviews).where(eq(appReviews.id, id));
    return row!.helpful;
  },
  /** Removes an app user's reviews and marks; the counts of the reviews they marked drop with them. */
  async forgetAppUser(db: DbOrTx, appUserId: string): Promise<void> {
    const voter = readerKey({ appUserId });
    await db.execute(sql`update app_reviews r set helpful = helpful - 1 from app_review_votes v where v.review_id = r.id and v.voter = ${voter}`);
    await db.delete(appReviewVotes).where(eq(appReviewVotes.voter, voter));
    await db.delete(appReviews).where(eq(appReviews.appUserId, appUserId));
  },
  /** A reader's report: counted once per reader, and the review joins the operators' queue. False when already reported. */
  async report(db: DbOrTx, appId: string, id: string, reporter: string, reason: 'spam' | 'offensive' | 'offTopic' | 'other', now: Date): Promise<boolean | undefined> {
    const review = await db.select({ id: appReviews.id }).from(appReviews).where(and(eq(appReviews.appId, appId), eq(appReviews.id, id))).limit(1).for('update');
    if (!review.length) return undefined;
    const added = await db.insert(appReviewReports).values({ reviewId: id, reporter, reason, createdAt: now }).onConflictDoNothing().returning({ id: appReviewReports.reviewId });
    if (!added.length) return false;
    await db
      .update(appReviews)
      .set({ reports: sql`${appReviews.reports} + 1`, queuedAt: sql`case when ${appReviews.state} = 'hidden' then ${appReviews.queuedAt} else coalesce(${appReviews.queuedAt}, ${now.toISOString()}::timestamptz) end` })
      .where(eq(appReviews.id, id));
    return true;
  },
  /** The operators' queue, oldest first. */
  async queue(db: DbOrTx, limit: number, after?: { at: Date; id: string }): Promise<ReviewRow[]> {
    return db
      .select()
      .from(appReviews)
      .where(and(isNotNull(appReviews.queuedAt), after ? sql`(${appReviews.queuedAt}, ${appReviews.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined))
      .orderBy(asc(appReviews.queuedAt), asc(appReviews.id))
      .limit(limit);
  },
  async queued(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(appReviews).where(isNotNull(appReviews.queuedAt));
    return row?.n ?? 0;
  },
  /** Why readers reported these reviews, each reason once. */
  async reportReasons(db: DbOrTx, ids: string[]): Promise<Map<string, string[]>> {
    if (!ids.length) return new Map();
    const rows = await db.selectDistinct({ reviewId: appReviewReports.reviewId, reason: appReviewReports.reason }).from(appReviewReports).where(inArray(appReviewReports.reviewId, ids));
    const by = new Map<string, string[]>();
    for (const r of rows) by.set(r.reviewId, [...(by.get(r.reviewId) ?? []), r.reason].sort());
    return by;
  },
  /** Any app's review, locked for an operator's decision. */
  async lockAnyApp(db: DbOrTx, id: string): Promise<ReviewRow | undefined> {
    const [row] = await db.select().from(appReviews).where(eq(appReviews.id, id)).limit(1).for('update');
    return row;
  },
  /** An operator's decision: out of the queue, hidden with a reason or shown. */
  async moderate(db: DbOrTx, id: string, state: 'visible' | 'hidden', reason: string | null, by: string | null, now: Date): Promise<ReviewRow> {
    const [row] = await db.update(appReviews).set({ state, moderationReason: reason, moderatedBy: by, moderatedAt: now, queuedAt: null }).where(eq(appReviews.id, id)).returning();
    return row!;
  },
};
