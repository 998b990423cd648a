import type { ModerationItem } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, encodeCursor } from '../../platform/http/cursor';
import { notFound } from '../../platform/http/errors';
import { appName, appOwner } from '../apps/public';
import { consoleOut } from './present';
import { ratingsRepo } from './repo';
import type { StoreFacts } from './store-facts';

/** The platform operators' side: what waits for them, and their decisions (audited in the app's team). */
export class RatingsModeration {
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock'>,
    private readonly facts: StoreFacts,
  ) {}

  async queue(pageSize: number, cursor: string | undefined) {
    const { db } = this.deps;
    const rows = await ratingsRepo.queue(db, pageSize + 1, cursor ? decodeCursor(cursor) : undefined);
    const page = rows.slice(0, pageSize);
    const reasons = await ratingsRepo.reportReasons(db, page.map((r) => r.id));
    const names = new Map<string, string>();
    for (const appId of new Set(page.map((r) => r.appId))) names.set(appId, (await appName(db, appId)) ?? '');
    const items: ModerationItem[] = page.map((r) => ({ ...consoleOut(r), appId: r.appId, appName: names.get(r.appId) ?? '', reportReasons: reasons.get(r.id) ?? [] }));
    const last = page[page.length - 1];
    return { items, nextCursor: rows.length > pageSize && last?.queuedAt ? encodeCursor({ at: last.queuedAt, id: last.id }) : null, total: await ratingsRepo.queued(db) };
  }

  async decide(caller: Caller, reviewId: string, decision: { decision: 'hide'; reason: string } | { decision: 'show' }) {
    const { db, clock } = this.deps;
    const decided = await db.transaction(async (tx) => {
      const found = await ratingsRepo.lockAnyApp(tx, reviewId);
      const owner = found ? await appOwner(tx, found.appId) : null;
      if (!found || !owner) throw notFound({ zh: '没有这条评论', en: 'There is no such review', ru: 'Такого отзыва нет' });
      const hide = decision.decision === 'hide';
      const row = await ratingsRepo.moderate(tx, reviewId, hide ? 'hidden' : 'visible', hide ? decision.reason : null, caller.userId, clock.now());
      await writeAudit(tx, clock, {
        action: hide ? 'ratings.hide' : 'ratings.show',
        teamId: owner.teamId,
        actorId: caller.userId,
        ip: caller.ip,
        targetType: 'review',
        targetId: reviewId,
        data: { appId: found.appId, ...(hide ? { reason: decision.reason } : {}), flags: found.flags, reports: found.reports },
      });
      return { appId: found.appId, review: consoleOut(row) };
    });
    // What readers count changed: this instance's store page shows it at once.
    this.facts.forget(decided.appId);
    return { review: decided.review };
  }
}
