import pg from 'pg';
import { databasesApi, projectApi } from '@wharf/contract';
import { load, type LoadResult } from './load';
import type { Row } from './report';
import { call } from './release';

/**
 * Database management (issue 25), PostgreSQL only: one SQL-console run of `select 1` as
 * the project database's own role (the script parsed, a session of that role, the
 * statement as a cursor, the session thrown away, the history and the audit written),
 * against the bare route. The sessions come from a pool of 3 per database and instance.
 */
export async function databaseLines(o: { base: string; headers: Record<string, string>; label: string; baseline: LoadResult; connections: number; durationSec: number; adminUrl: string }): Promise<Row[]> {
  const projectId = (await call(o.base, o.headers, projectApi.createProject, { body: { name: 'Bench databases' } })).project as { projectId: string };
  const created = await call(o.base, o.headers, databasesApi.createDatabase, { query: { projectId: projectId.projectId }, body: { name: 'bench' } });
  const { databaseId, pgName } = created.database as { databaseId: string; pgName: string };
  const run = await load({
    name: `POST dbmanage execute (select 1, the database's own role) on ${o.label}`,
    url: `${o.base}${databasesApi.executeSql.fullPath}?projectId=${projectId.projectId}&databaseId=${databaseId}`,
    method: 'POST',
    body: JSON.stringify({ sql: 'select 1' }),
    headers: { ...o.headers, 'content-type': 'application/json' },
    connections: Math.min(o.connections, 10),
    durationSec: o.durationSec,
  });
  // The project database lives on the server beside the bench's own: it goes now, not after a grace period.
  const admin = new pg.Client({ connectionString: o.adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);
    for (const { rolname } of (await admin.query<{ rolname: string }>('SELECT rolname FROM pg_roles WHERE rolname LIKE $1', [`${pgName}\\_%`])).rows) await admin.query(`DROP ROLE IF EXISTS "${rolname}"`);
  } finally {
    await admin.end();
  }
  return [{ result: run, baseline: o.baseline }];
}
