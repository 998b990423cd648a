import { sql } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { projectTeam } from '../projects/public';
import { rowsOf } from './document-sql';
import { ident, literal, partitionOf, qualified, tableOf } from './physical';
import { cloudDbRepo } from './repo';

/** Rows one statement deletes: a zone with millions of expired documents never holds one long transaction. */
const CHUNK = 5_000;
const DAY_MS = 86_400_000;

/**
 * Deletes the documents of zones with a retention period that were last changed before
 * it began, in chunks, each chunk its own transaction; one audit event per zone that lost
 * any. Subscribers get no event per purged document (a purge can reach millions).
 */
export async function purgeExpired(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  let total = 0;
  for (const zone of await cloudDbRepo.zonesWithRetention(deps.db)) {
    const before = new Date(deps.clock.now().getTime() - zone.retentionDays! * DAY_MS).toISOString();
    let purged = 0;
    for (const t of await cloudDbRepo.listTypes(deps.db, zone.projectId)) {
      const part = qualified(zone.projectId, partitionOf(tableOf(t.definition), zone.partition));
      for (;;) {
        const n = rowsOf<{ n: number }>(await deps.db.execute(
          sql.raw(`with gone as (delete from ${part} where ctid in (select ctid from ${part} where ${ident('_updated')} < ${literal(before)}::timestamptz limit ${CHUNK}) returning 1) select count(*)::int as n from gone`),
        ))[0]?.n ?? 0;
        purged += n;
        if (n < CHUNK) break;
      }
    }
    if (purged > 0) {
      const teamId = await projectTeam(deps.db, zone.projectId);
      await writeAudit(deps.db, deps.clock, { action: 'cloud-db.retentionPurge', teamId, actorKind: 'system', targetType: 'project', targetId: zone.projectId, data: { zone: zone.name, documents: purged, retentionDays: zone.retentionDays } });
    }
    total += purged;
  }
  return total;
}
