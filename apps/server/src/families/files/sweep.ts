import type { Deps } from '../../platform/deps';
import { lostJobAfterMs } from '../../platform/jobs';
import { filesRepo } from './repo';
import { VIDEO_QUEUE } from './video-service';

export const SWEEP_KIND = 'files.sweep';
const SWEEP_EVERY_MS = 3_600_000;
/** An upload still running after this long was cut off (the longest real one is far shorter). */
const STALE_UPLOAD_MS = 24 * 3_600_000;
/** A temp file untouched this long belongs to no running upload (an idle one is cut off after seconds). */
const STALE_TEMP_MS = 3_600_000;
const CHUNK = 500;

/**
 * Hourly clean-up of what interrupted uploads leave: rows stuck in "uploading" with their
 * partial bytes, and multipart uploads past their expiry with their parts; and the job, sent
 * again, of a video parse that lost it (platform/jobs.ts `lostJobAfterMs`). It reschedules
 * itself, so exactly one sweep is pending however many instances run.
 */
export function registerSweep(deps: Deps): void {
  deps.dueActions.handle(SWEEP_KIND, async (tx, _payload, { afterCommit }) => {
    const now = deps.clock.now();
    for (const row of await filesRepo.staleUploads(tx, new Date(now.getTime() - STALE_UPLOAD_MS))) {
      await filesRepo.remove(tx, row.id);
      await deps.storage.delete(row.storageKey);
    }
    for (const session of await filesRepo.expiredSessions(tx, now)) {
      await filesRepo.removeSession(tx, session.id);
      for (let n = 1; n <= session.partCount; n += 1) await deps.storage.delete(`multipart/${session.id}/${n}`);
    }
    await filesRepo.removeExpiredTickets(tx, now);
    // Video parses whose job was never sent get it again once the committed sweep is done.
    const lost = await filesRepo.videoParsingSince(tx, new Date(now.getTime() - lostJobAfterMs(deps.config.jobExpireSeconds)), CHUNK);
    if (lost.length) {
      deps.log.warn({ videoParses: lost.length }, 'video parses left running without their job: sending the jobs again');
      afterCommit(() => Promise.all(lost.map(({ id }) => deps.jobs.send(VIDEO_QUEUE, { taskId: id }))));
    }
    // Temp files are judged by the disk's own clock, which is what stamped them.
    await deps.storage.sweepTemp?.(STALE_TEMP_MS);
    await scheduleSweep(deps, tx, new Date(now.getTime() + SWEEP_EVERY_MS));
  });
}

export async function scheduleSweep(deps: Deps, tx: Parameters<Deps['dueActions']['schedule']>[0], at: Date): Promise<void> {
  await deps.dueActions.schedule(tx, { kind: SWEEP_KIND, dueAt: at, dedupeKey: SWEEP_KIND });
}

/**
 * The start-up check of storage against the database, for what a crash can leave that the
 * hourly sweep cannot see: stored files whose row is gone (a delete removes the row first,
 * so a crash between leaves the bytes) and multipart parts whose upload is gone. No grace
 * period is needed: a file's row is written before its bytes and a part's upload exists
 * before its parts, so an object without its row is never one still being written.
 * Returns how many objects it removed.
 */
export async function reconcileStorage(deps: Pick<Deps, 'db' | 'storage'>): Promise<number> {
  const { db, storage } = deps;
  let removed = 0;
  const check = async (keys: string[], idOf: (key: string) => string | undefined, known: (ids: string[]) => Promise<Set<string>>) => {
    const ids = [...new Set(keys.map(idOf).filter((id): id is string => Boolean(id && UUID.test(id))))];
    const present = await known(ids);
    for (const key of keys) {
      const id = idOf(key);
      if (id && UUID.test(id) && !present.has(id) && (await storage.delete(key))) removed += 1;
    }
  };
  for (const [prefix, idOf, known] of [
    ['files/', (k: string) => k.split('/')[2], (ids: string[]) => filesRepo.existing(db, ids)],
    ['multipart/', (k: string) => k.split('/')[1], (ids: string[]) => filesRepo.existingSessions(db, ids)],
  ] as const) {
    let batch: string[] = [];
    for await (const key of storage.list(prefix)) {
      batch.push(key);
      if (batch.length >= CHUNK) {
        await check(batch, idOf, known);
        batch = [];
      }
    }
    if (batch.length) await check(batch, idOf, known);
  }
  await storage.sweepTemp?.(STALE_TEMP_MS);
  return removed;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
