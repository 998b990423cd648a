import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../../platform/db/migrate';

/** The migrations folder as it was before the given migration: its files, the journal cut. */
async function foldersBefore(tag: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-migrations-'));
  await fs.cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag));
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

const TEAM = '00000000-0000-4000-8000-000000000001';
const APP = '00000000-0000-4000-8000-000000000002';
const REVIEWER = '00000000-0000-4000-8000-000000000003';
const DEV = '00000000-0000-4000-8000-000000000004';
const ids = { immersiveOpen: '10000000-0000-4000-8000-000000000001', immersiveDone: '10000000-0000-4000-8000-000000000002', pending: '20000000-0000-4000-8000-000000000001', cancelled: '20000000-0000-4000-8000-000000000002', rejected: '20000000-0000-4000-8000-000000000003', version: '30000000-0000-4000-8000-000000000001' };

describe('the migration to one reviewers queue', () => {
  const client = new PGlite();
  const db = drizzle({ client });
  const cleanup: string[] = [];
  afterAll(async () => {
    await client.close();
    for (const dir of cleanup) await fs.rm(dir, { recursive: true, force: true });
  });

  it("moves immersive and qualification tasks into review_tasks, keeping their ids, states, reviewers and words", async () => {
    const before = await foldersBefore('0050_review_subjects');
    cleanup.push(before);
    await migrate(db, { migrationsFolder: before });
    const snapshot = { imageObjectId: '40000000-0000-4000-8000-000000000001', color: '#112233', texts: [{ language: 'en-US', title: 'Hi', subtitle: 'there' }] };
    await client.query(`insert into review_tasks (id, version_id, app_id, team_id, kind, submitted_at) values ($1, $1, $2, $3, 'release', '2026-01-01T00:00:00Z')`, [ids.version, APP, TEAM]);
    await client.query(
      `insert into immersive_review_tasks (id, app_id, team_id, state, snapshot, submitted_by, submitted_at, reviewer_id, decided_at, comment) values
        ($1, $3, $4, 'rejected', $5, $6, '2026-01-02T00:00:00Z', $7, '2026-01-03T00:00:00Z', 'too dark'),
        ($2, $3, $4, 'open', $5, $6, '2026-01-04T00:00:00Z', null, null, null)`,
      [ids.immersiveDone, ids.immersiveOpen, APP, TEAM, JSON.stringify(snapshot), DEV, REVIEWER],
    );
    await client.query(
      `insert into qualification_tasks (id, team_id, app_id, kind, object_ids, remarks, state, reason, submitted_by, submitted_at, updated_at, reviewer_id, decided_at) values
        ($1, $4, $5, 'icpFiling', '{}', 'filed', 'pending', null, $6, '2026-02-01T00:00:00Z', '2026-02-01T00:00:00Z', null, null),
        ($2, $4, $5, 'gameLicence', '{}', '', 'cancelled', null, $6, '2026-02-02T00:00:00Z', '2026-02-03T00:00:00Z', null, null),
        ($3, $4, $5, 'other', '{}', 'see scan', 'rejected', 'unreadable', $6, '2026-02-04T00:00:00Z', '2026-02-05T00:00:00Z', $7, '2026-02-05T00:00:00Z')`,
      [ids.pending, ids.cancelled, ids.rejected, TEAM, APP, DEV, REVIEWER],
    );

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const { rows } = await client.query<Record<string, unknown>>(
      `select id, subject_id, kind, state, submitted_by, reviewer_id, decided_at is not null as decided, comment, snapshot from review_tasks order by submitted_at`,
    );
    expect(rows).toEqual([
      { id: ids.version, subject_id: ids.version, kind: 'release', state: 'open', submitted_by: null, reviewer_id: null, decided: false, comment: null, snapshot: null },
      { id: ids.immersiveDone, subject_id: APP, kind: 'immersive', state: 'rejected', submitted_by: DEV, reviewer_id: REVIEWER, decided: true, comment: 'too dark', snapshot },
      { id: ids.immersiveOpen, subject_id: APP, kind: 'immersive', state: 'open', submitted_by: DEV, reviewer_id: null, decided: false, comment: null, snapshot },
      { id: ids.pending, subject_id: ids.pending, kind: 'qualification', state: 'open', submitted_by: DEV, reviewer_id: null, decided: false, comment: null, snapshot: null },
      { id: ids.cancelled, subject_id: ids.cancelled, kind: 'qualification', state: 'withdrawn', submitted_by: DEV, reviewer_id: null, decided: true, comment: null, snapshot: null },
      { id: ids.rejected, subject_id: ids.rejected, kind: 'qualification', state: 'rejected', submitted_by: DEV, reviewer_id: REVIEWER, decided: true, comment: 'unreadable', snapshot: null },
    ]);
    const kept = await client.query<Record<string, unknown>>(`select id, kind, remarks from qualifications order by submitted_at`);
    expect(kept.rows).toEqual([
      { id: ids.pending, kind: 'icpFiling', remarks: 'filed' },
      { id: ids.cancelled, kind: 'gameLicence', remarks: '' },
      { id: ids.rejected, kind: 'other', remarks: 'see scan' },
    ]);
    const gone = await client.query(`select table_name from information_schema.tables where table_name in ('immersive_review_tasks', 'qualification_tasks')`);
    expect(gone.rows).toEqual([]);
  });
});
