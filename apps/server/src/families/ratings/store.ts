import type { Deps } from '../../platform/deps';
import { notFound } from '../../platform/http/errors';
import { decodeReviewCursor, encodeReviewCursor, orderOf } from './order';
import { publicOut } from './present';
import { ratingsRepo, type ReviewRow } from './repo';
import type { StoreFacts } from './store-facts';

const NOT_IN_STORE = { zh: '该应用不在应用市场上', en: 'The app is not in the store', ru: 'Этого приложения нет в магазине' };

/**
 * The store page's reviews. Those in the reader's language come first (phase 0), then the
 * others (phase 1), each walked by its own keyset, so any page costs what the first does.
 */
export class RatingsStore {
  constructor(
    private readonly deps: Pick<Deps, 'db'>,
    private readonly facts: StoreFacts,
  ) {}

  async page(appId: string, q: { language?: string | undefined; sort: 'newest' | 'helpful'; pageSize: number; cursor?: string | undefined }) {
    const { db } = this.deps;
    const { listed, summary } = await this.facts.of(appId);
    if (!listed) throw notFound(NOT_IN_STORE);
    const start = q.cursor ? decodeReviewCursor(q.cursor) : { phase: 0, position: null };
    const phases = q.language ? [{ is: q.language }, { not: q.language }] : [null];
    const { keyOf } = orderOf(q.sort);
    const items: ReviewRow[] = [];
    let nextCursor: string | null = null;
    for (let phase = start.phase; phase < phases.length; phase++) {
      const wanted = q.pageSize - items.length;
      const after = phase === start.phase ? (start.position ?? undefined) : undefined;
      // One row more than fits tells whether this phase goes on (a full page asks the next phase for one).
      const rows = await ratingsRepo.storePage(db, appId, phases[phase] ?? null, q.sort, wanted + 1, after);
      items.push(...rows.slice(0, wanted));
      if (rows.length > wanted) {
        const last = wanted > 0 ? items[items.length - 1]! : null;
        nextCursor = encodeReviewCursor(phase, last ? { key: keyOf(last), at: last.updatedAt, id: last.id } : null);
        break;
      }
    }
    return { ...(q.cursor ? {} : { summary }), items: items.map(publicOut), nextCursor };
  }
}
