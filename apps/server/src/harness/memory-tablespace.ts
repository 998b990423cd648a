import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/*
 * The PostgreSQL suite copies its migrated template for every test app (about 185 copies a
 * run) and drops each copy after. On CI's disk a copy and its drop cost 0.38 s of CPU,
 * mostly the kernel writing and removing the files; in a tablespace on memory (/dev/shm)
 * 0.14 s. So when PostgreSQL runs on this machine and this process may give it a
 * directory there, the run's template lives in a tablespace of its own on memory, and the
 * copies follow it (a database made from a template takes the template's tablespace).
 * Otherwise everything stays where PostgreSQL keeps it: this is only ever an optimisation.
 */

const SHM = '/dev/shm';
const PREFIX = 'wharf_test_';
/** Room a run needs there: the template and a few copies at once, 13 MB each. */
const MIN_FREE = 2 * 2 ** 30;

/** One connection to the server at `url` for `fn`, closed after. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function isLocal(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '' || host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

/** Drops the tablespaces earlier runs left behind (a crashed run); one still in use stays. */
async function dropLeftovers(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string; location: string }>(
    `select spcname as name, pg_tablespace_location(oid) as location from pg_tablespace where spcname like '${PREFIX}%'`,
  );
  for (const { name, location } of rows) {
    try {
      await client.query(`DROP TABLESPACE ${name}`);
      if (location.startsWith(`${SHM}/`)) fs.rmSync(location, { recursive: true, force: true });
    } catch {
      // Another run's, or databases still in it: not ours to remove.
    }
  }
}

/**
 * A tablespace on memory for this run, or null where there cannot be one (PostgreSQL on
 * another machine, no /dev/shm or too little room, or no right to give PostgreSQL's user
 * a directory).
 */
export async function createMemoryTablespace(url: string, runId: string): Promise<string | null> {
  if (!isLocal(url) || !fs.existsSync(SHM)) return null;
  const free = fs.statfsSync(SHM);
  if (free.bavail * free.bsize < MIN_FREE) return null;
  return withClient(url, async (client) => {
    let owner: fs.Stats;
    try {
      const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
      owner = fs.statSync(rows[0]!.data_directory);
    } catch {
      return null; // not a superuser, or the data directory is not on this machine
    }
    await dropLeftovers(client);
    const name = `${PREFIX}${runId}`;
    const dir = path.join(SHM, `wharf-pg-${runId}`);
    try {
      fs.mkdirSync(dir, { mode: 0o700 });
      if (process.getuid?.() !== owner.uid) fs.chownSync(dir, owner.uid, owner.gid);
      await client.query(`CREATE TABLESPACE ${name} LOCATION '${dir}'`);
      return name;
    } catch {
      fs.rmSync(dir, { recursive: true, force: true });
      return null;
    }
  });
}

/** At the end of the run, with any copy a test left behind. */
export async function dropMemoryTablespace(url: string, name: string): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ location: string }>(`select pg_tablespace_location(oid) as location from pg_tablespace where spcname = $1`, [name]);
    const left = await client.query<{ datname: string }>(`select datname from pg_database where dattablespace = (select oid from pg_tablespace where spcname = $1)`, [name]);
    for (const { datname } of left.rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await client.query(`DROP TABLESPACE IF EXISTS ${name}`);
    const location = rows[0]?.location;
    if (location?.startsWith(`${SHM}/`)) fs.rmSync(location, { recursive: true, force: true });
  });
}
