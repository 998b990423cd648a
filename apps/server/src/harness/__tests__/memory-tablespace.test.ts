import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryTablespace, dropMemoryTablespace, withClient } from '../memory-tablespace';

const url = process.env.TEST_DATABASE_URL;

const rows = <T>(text: string, values: unknown[] = []): Promise<T[]> => withClient(url!, async (client) => (await client.query(text, values)).rows as T[]);

describe.skipIf(!url)('the test run’s tablespace on memory', () => {
  it('holds databases made in it, and is removed with any database left in it', async () => {
    const runId = `t_${randomBytes(3).toString('hex')}`;
    const name = await createMemoryTablespace(url!, runId);
    // Only where this process may give PostgreSQL a directory on memory (CI: root beside it).
    if (!name) return;
    const [found] = await rows<{ location: string }>(`select pg_tablespace_location(oid) as location from pg_tablespace where spcname = $1`, [name]);
    const location = found!.location;
    expect(location.startsWith('/dev/shm/')).toBe(true);
    await rows(`CREATE DATABASE wharf_ts_${runId} TABLESPACE ${name}`);
    expect(fs.readdirSync(location).length).toBeGreaterThan(0);
    await dropMemoryTablespace(url!, name);
    expect(await rows(`select 1 from pg_tablespace where spcname = $1`, [name])).toEqual([]);
    expect(await rows(`select 1 from pg_database where datname = $1`, [`wharf_ts_${runId}`])).toEqual([]);
    expect(fs.existsSync(location)).toBe(false);
  });

  it('stays away from a server that is not on this machine', async () => {
    const u = new URL(url!);
    u.hostname = 'db.example.invalid';
    expect(await createMemoryTablespace(u.toString(), 'never')).toBeNull();
  });
});
