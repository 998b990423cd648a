import type { ReviewSort } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { invalidInput, notFound } from '../../platform/http/errors';
import { callerApp } from '../apps/public';
import { decodeReviewCursor, encodeReviewCursor, orderOf } from './order';
import { consoleOut, NO_SUCH_REVIEW, summaryOf } from './present';
import { ratingsRepo, type ReviewFilters } from './repo';

const DAY_MS = 86_400_000;

export interface ReviewQuery extends Omit<ReviewFilters, 'from' | 'until' | 'replied' | 'states'> {
  replied?: 'yes' | 'no' | undefined;
  moderation?: 'visible' | 'held' | 'hidden' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: ReviewSort;
  pageSize: number;
  cursor?: string | undefined;
  withTotal: boolean;
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** What the app's team does with its reviews in the console: read, filter, chart and reply. */
export class RatingsService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async list(caller: Caller, appId: string, q: ReviewQuery) {
    const { db } = this.deps;
    await callerApp(db, caller, appId);
    const filters: ReviewFilters = {
      ...q,
      replied: q.replied === undefined ? undefined : q.replied === 'yes',
      states: q.moderation ? [q.moderation] : undefined,
      from: q.from ? dayStart(q.from) : undefined,
      until: q.to ? new Date(dayStart(q.to).getTime() + DAY_MS) : undefined,
    };
    const after = q.cursor ? (decodeReviewCursor(q.cursor).position ?? undefined) : undefined;
    const rows = await ratingsRepo.page(db, appId, filters, q.sort, q.pageSize + 1, after);
    const page = rows.slice(0, q.pageSize);
    const last = page[page.length - 1];
    const { keyOf } = orderOf(q.sort);
    return {
      items: page.map(consoleOut),
      nextCursor: rows.length > q.pageSize && last ? encodeReviewCursor(0, { key: keyOf(last), at: last.updatedAt, id: last.id }) : null,
      ...(q.withTotal ? { total: summaryOf(await ratingsRepo.distribution(db, appId, filters)).count } : {}),
    };
  }

  /** All-time distribution and per-version averages of visible reviews; per day over the window, every day present. */
  async summary(caller: Caller, appId: string, from: string, to: string) {
    const { db } = this.deps;
    await callerApp(db, caller, appId);
    const start = dayStart(from);
    const end = new Date(dayStart(to).getTime() + DAY_MS);
    const days = (end.getTime() - start.getTime()) / DAY_MS;
    if (days < 1 || days > 366) {
      throw invalidInput({ zh: '时间范围须在 1 到 366 天之间', en: 'The period must be from 1 to 366 days long', ru: 'Период должен быть от 1 до 366 дней' });
    }
    // The numbers readers see: held and hidden reviews count once an operator shows them.
    const visible = { states: ['visible' as const] };
    const distribution = await ratingsRepo.distribution(db, appId, visible);
    const versions = await ratingsRepo.perVersion(db, appId, visible);
    const perDay = await ratingsRepo.perDay(db, appId, { ...visible, from: start, until: end });
    const byDay = new Map(perDay.map((d) => [d.day, d]));
    return {
      summary: summaryOf(distribution),
      versions,
      days: Array.from({ length: days }, (_, i) => {
        const day = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
        const found = byDay.get(day);
        return { day, count: found?.count ?? 0, average: found?.average ?? null };
      }),
    };
  }

  /** Writes or changes the one reply; `text` null takes it back. */
  async reply(caller: Caller, appId: string, reviewId: string, text: string | null) {
    const { db, clock } = this.deps;
    await callerApp(db, caller, appId);
    return db.transaction(async (tx) => {
      const row = await ratingsRepo.setReply(tx, appId, reviewId, text, caller.userId, clock.now());
      if (!row) throw notFound(NO_SUCH_REVIEW);
      await writeAudit(tx, clock, {
        action: text === null ? 'ratings.deleteReply' : 'ratings.reply',
        teamId: caller.teamId,
        actorId: caller.userId,
        ip: caller.ip,
        targetType: 'review',
        targetId: reviewId,
        data: { appId, rating: row.rating, ...(text === null ? {} : { text }) },
      });
      return { review: consoleOut(row) };
    });
  }
}
