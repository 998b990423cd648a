import { randomUUID } from 'node:crypto';
import { FUNCTION_LIMITS, type INVOCATION_OUTCOMES, type INVOCATION_TRIGGERS } from '@wharf/rules';
import type { LogLine } from '@wharf/runner';
import type { Db } from '../../platform/db/types';
import { journalRepo, type InvocationInsert, type LogLineInsert } from './journal-repo';

export interface Recorded {
  projectId: string;
  functionId: string;
  version: string;
  alias: string | null;
  trigger: (typeof INVOCATION_TRIGGERS)[number];
  requestId: string;
  startedAt: Date;
  outcome: (typeof INVOCATION_OUTCOMES)[number];
  durationMs: number;
  coldStart: boolean;
  error: string | null;
  lines: readonly LogLine[];
  memoryMb?: number | undefined;
}

/** Calls kept in memory at most between writes; past it, calls are counted as dropped, not kept. */
const MAX_PENDING = 50_000;

/** Text PostgreSQL can keep (no NUL), cut to the line limit. */
const storable = (text: string) => text.replaceAll('\u0000', '\uFFFD').slice(0, FUNCTION_LIMITS.logLineChars);

/**
 * Every call's record and printed lines, gathered in memory and written in one transaction
 * a second (a periodic task) rather than a write per call on the HTTP trigger's path. A
 * crash loses at most that second; readers flush their own instance's first.
 */
export class InvocationJournal {
  #calls: InvocationInsert[] = [];
  #lines: LogLineInsert[] = [];
  #flushing: Promise<void> = Promise.resolve();
  /** Calls not kept because the buffer was full (the database could not keep up). */
  dropped = 0;

  record(r: Recorded): void {
    if (this.#calls.length >= MAX_PENDING) {
      this.dropped += 1;
      return;
    }
    const id = randomUUID();
    this.#calls.push({ id, projectId: r.projectId, functionId: r.functionId, version: r.version, alias: r.alias, trigger: r.trigger, requestId: r.requestId, startedAt: r.startedAt, durationMs: r.durationMs, outcome: r.outcome, coldStart: r.coldStart, error: r.error === null ? null : storable(r.error), memoryMb: r.memoryMb ?? null });
    const start = r.startedAt.getTime();
    const line = (level: LogLineInsert['level'], afterMs: number, text: string) =>
      this.#lines.push({ functionId: r.functionId, invocationId: id, requestId: r.requestId, version: r.version, at: new Date(start + Math.max(0, Math.round(afterMs))), level, message: storable(text) });
    for (const [level, afterMs, text] of r.lines.slice(0, FUNCTION_LIMITS.logLinesPerCall)) line(level, afterMs, text);
    // A call that ended without a word of its own (a timeout, a crash, no runner) still says why in its logs.
    if (r.error !== null && !r.lines.some(([level]) => level === 'error')) line('error', r.durationMs, r.error);
  }

  /** Writes what was gathered; one flush at a time, in order. */
  flush(db: Db): Promise<void> {
    const next = this.#flushing.then(async () => {
      if (this.#calls.length === 0) return;
      const calls = this.#calls;
      const lines = this.#lines;
      this.#calls = [];
      this.#lines = [];
      try {
        await db.transaction((tx) => journalRepo.add(tx, calls, lines));
      } catch (err) {
        // Kept for the next try (the database may be back by then), within the same bound.
        if (this.#calls.length + calls.length <= MAX_PENDING) {
          this.#calls = [...calls, ...this.#calls];
          this.#lines = [...lines, ...this.#lines];
        } else this.dropped += calls.length;
        throw err;
      }
    });
    this.#flushing = next.catch(() => undefined);
    return next;
  }
}
