import { FUNCTION_METRIC_RANGES, LATEST, type FunctionMetricRange } from '@wharf/rules';
import type { FunctionLogLine, InvocationRow } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import type { InvocationJournal } from './journal';
import { journalRepo, type InvocationSelect, type MetricRow } from './journal-repo';
import { foundFunction } from './found';

/** The words of a search as the index splits lines ('simple': lower-cased runs of letters and digits). */
export const searchWords = (text: string | undefined): string[] => (text?.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).slice(0, 10);

const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/** A function's logs, calls and metrics as the console reads them. */
export class FunctionObserver {
  constructor(
    private readonly deps: Deps,
    private readonly journal: InvocationJournal,
  ) {}

  /** The function must be the project's; what this instance gathered is written first, so a reader sees its own calls at once. */
  async #ready(projectId: string, functionId: string): Promise<void> {
    await foundFunction(this.deps.db, projectId, functionId);
    await this.journal.flush(this.deps.db);
  }

  async logs(q: { projectId: string; functionId: string; text?: string | undefined; levels?: string[] | undefined; requestId?: string | undefined; from?: string | undefined; to?: string | undefined; pageSize: number; cursor?: string | undefined }): Promise<{ items: FunctionLogLine[]; nextCursor: string | null }> {
    await this.#ready(q.projectId, q.functionId);
    const rows = await journalRepo.searchLines(
      this.deps.db,
      { functionId: q.functionId, words: searchWords(q.text), levels: q.levels, requestId: q.requestId, from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined },
      q.pageSize + 1,
      q.cursor ? decodeCursor(q.cursor) : undefined,
    );
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: r.at, id: String(r.id) }));
    return { items: page.map((r) => ({ id: String(r.id), at: r.at.toISOString(), level: r.level, message: r.message, requestId: r.requestId, version: r.version })), nextCursor };
  }

  async invocations(q: { projectId: string; functionId: string; outcome?: InvocationSelect['outcome'] | undefined; pageSize: number; cursor?: string | undefined }): Promise<{ items: InvocationRow[]; nextCursor: string | null }> {
    await this.#ready(q.projectId, q.functionId);
    const rows = await journalRepo.invocations(this.deps.db, q.functionId, q.outcome, q.pageSize + 1, q.cursor ? decodeCursor(q.cursor) : undefined);
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: r.startedAt, id: r.id }));
    return { items: page.map((r) => ({ id: r.id, requestId: r.requestId, startedAt: r.startedAt.toISOString(), version: r.version, alias: r.alias, trigger: r.trigger, outcome: r.outcome, durationMs: r.durationMs, coldStart: r.coldStart, error: r.error, memoryMb: r.memoryMb })), nextCursor };
  }

  /** Bars over the range (every bar present, empty ones as zeros) and the range's totals. */
  async metrics(q: { projectId: string; functionId: string; range: FunctionMetricRange; qualifier?: string | undefined }) {
    await this.#ready(q.projectId, q.functionId);
    const { hours, bucketSeconds } = FUNCTION_METRIC_RANGES[q.range];
    const now = this.deps.clock.now().getTime();
    const step = bucketSeconds * 1000;
    const first = Math.floor((now - hours * 3_600_000) / step) * step + step;
    const since = new Date(first);
    const which = q.qualifier === undefined ? {} : q.qualifier === LATEST || /^\d+$/.test(q.qualifier) ? { version: q.qualifier } : { alias: q.qualifier };
    const [bars, totals] = await Promise.all([
      journalRepo.metrics(this.deps.db, { functionId: q.functionId, since, bucketSeconds, ...which }),
      journalRepo.metrics(this.deps.db, { functionId: q.functionId, since, bucketSeconds: 0, ...which }),
    ]);
    const byTime = new Map(bars.map((b) => [new Date(b.at).getTime(), b]));
    const points = [];
    for (let t = first; t <= now; t += step) points.push({ at: new Date(t).toISOString(), ...figures(byTime.get(t)) });
    return { bucketSeconds, points, totals: figures(totals[0]) };
  }
}

function figures(m: MetricRow | undefined) {
  return { invocations: m?.invocations ?? 0, errors: m?.errors ?? 0, throttles: m?.throttles ?? 0, coldStarts: m?.coldStarts ?? 0, p50: round(m?.p50 ?? null), p95: round(m?.p95 ?? null), p99: round(m?.p99 ?? null), memoryMax: round(m?.memoryMax ?? null) };
}
