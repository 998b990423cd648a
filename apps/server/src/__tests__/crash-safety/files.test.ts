import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileApi, packageApi } from '@wharf/contract';
import { ConfigError, loadConfig } from '../../config';
import { buildApk } from '@wharf/parsers/test-kit';
import { newApp } from '../../harness/scenarios';
import { call, crashAt, CRASH_SUITE, crashSuite, dataDir, PG, sql, startChild, storageProblems, u, until } from './harness';

/*
 * Crash safety on PostgreSQL, stored files and background jobs: the real server runs as a
 * child process, kills itself with SIGKILL at a named fault point, is started again without
 * it, and the database and the stored files must still agree (harness.ts). The version
 * cases are in releases.test.ts, so that the two halves run side by side.
 */

// Each case starts the real server twice (about ten seconds each on a loaded two-core machine).
describe.skipIf(!PG)(CRASH_SUITE, { timeout: 120_000 }, () => {
  crashSuite();

  async function multipart(bytes: Buffer): Promise<string> {
    const init = await u.call(fileApi.multipartInit, { body: { fileName: 'big.bin', size: bytes.length } });
    expect(init.statusCode, init.body).toBe(200);
    const uploadId = init.json().uploadId as string;
    const part = await u.call(fileApi.multipartPart, { query: { uploadId, partNumber: 1 }, raw: bytes });
    expect(part.statusCode, part.body).toBe(200);
    return uploadId;
  }

  it('a compose killed after writing the file: the retry finishes it under the same id, nothing left over', async () => {
    const bytes = randomBytes(3000);
    const uploadId = await multipart(bytes);
    await crashAt('files.compose.afterWrite', (base) => call(base, u, fileApi.multipartCompose, { body: { uploadId } }));
    // The crash left exactly what the start-up check and a retry must deal with.
    expect(await sql('select state from files where id = $1', [uploadId])).toEqual([{ state: 'uploading' }]);

    const child = await startChild();
    try {
      const res = await call(child.url, u, fileApi.multipartCompose, { body: { uploadId } });
      expect(res.status).toBe(200);
      const object = ((await res.json()) as { object: { objectId: string; size: number; sha256: string } }).object;
      expect(object.objectId).toBe(uploadId);
      expect(object.size).toBe(bytes.length);
      const stored = await fs.readFile(path.join(dataDir, 'files', 'objects', 'files', u.teamId, uploadId));
      expect(stored.equals(bytes)).toBe(true);
      expect(await sql('select id from upload_sessions where id = $1', [uploadId])).toEqual([]);
      expect(await storageProblems()).toEqual([]);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });

  it('a compose killed after committing, before answering: the retry answers the same file, no second copy', async () => {
    const bytes = randomBytes(2000);
    const uploadId = await multipart(bytes);
    await crashAt('files.compose.afterCommit', (base) => call(base, u, fileApi.multipartCompose, { body: { uploadId } }));
    expect(await sql('select state from files where id = $1', [uploadId])).toEqual([{ state: 'ready' }]);

    const child = await startChild();
    try {
      const res = await call(child.url, u, fileApi.multipartCompose, { body: { uploadId } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { object: { objectId: string } }).object.objectId).toBe(uploadId);
      expect(await sql(`select id from files where file_name = 'big.bin' and size = $1`, [bytes.length])).toHaveLength(1);
      expect(await sql('select * from upload_parts where upload_id = $1', [uploadId])).toEqual([]);
      expect(await storageProblems()).toEqual([]);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });

  it('the start-up check removes stored files whose row is gone (a delete cut off between row and bytes)', async () => {
    const up = await u.call(fileApi.uploadObject, { query: { fileName: 'gone.bin' }, raw: randomBytes(500) });
    const objectId = up.json().object.objectId as string;
    // What FilesService.remove leaves when killed between its commit and the unlink.
    await sql('delete from files where id = $1', [objectId]);
    expect(await storageProblems()).toEqual([`object files/${u.teamId}/${objectId} has no file row`]);
    const child = await startChild();
    try {
      expect(child.output()).toMatch(/Storage check: removed 1 stored object/);
      expect(await storageProblems()).toEqual([]);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });

  async function addPackage(withIcon: boolean): Promise<{ appId: string; pkgId: string }> {
    const app = await newApp(u);
    const apk = buildApk({ manifest: { packageName: app.packageName, versionCode: 7, versionName: '1.0.7' }, resources: withIcon });
    const objectId = (await u.call(fileApi.uploadObject, { query: { fileName: 'app.apk' }, raw: apk })).json().object.objectId as string;
    const added = await u.call(packageApi.addPackage, { body: { appId: app.appId, objectId } });
    expect(added.statusCode, added.body).toBe(200);
    return { appId: app.appId, pkgId: added.json().package.pkgId as string };
  }

  const settled = (pkgId: string) =>
    until('the parse to settle', async () => {
      const [row] = await sql<{ parse_state: number; icon_file_id: string | null }>('select parse_state, icon_file_id from packages where id = $1', [pkgId]);
      return row && row.parse_state !== 1 ? row : undefined;
    });

  it('a parse killed as it starts is retried after restart and settles once', async () => {
    const { pkgId } = await addPackage(false);
    // The job is picked up by the child's worker; no HTTP call triggers it.
    await crashAt('packages.parse.started', null);
    expect(await sql('select parse_state from packages where id = $1', [pkgId])).toEqual([{ parse_state: 1 }]);

    const child = await startChild();
    try {
      const row = await settled(pkgId);
      expect([0, 2]).toContain(row.parse_state);
      const outcome = await sql(`select action from audit_events where target_id = $1 and action in ('package.parsed', 'package.rejected')`, [pkgId]);
      expect(outcome).toHaveLength(1);
      expect(await storageProblems()).toEqual([]);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });

  it('a parse killed after storing the icon reuses that icon on retry: one icon file, referenced', async () => {
    const { pkgId } = await addPackage(true);
    await crashAt('packages.parse.afterIcon', null);
    expect(await sql('select state from files where id = $1', [pkgId])).toEqual([{ state: 'ready' }]);

    const child = await startChild();
    try {
      const row = await settled(pkgId);
      expect(row.icon_file_id).toBe(pkgId);
      const icons = await sql(`select id from files where team_id = $1 and biz_tag = 'img' and file_name like 'ic_launcher%'`, [u.teamId]);
      expect(icons).toEqual([{ id: pkgId }]);
      expect(await storageProblems()).toEqual([]);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });
});

describe('fault points are for tests only', () => {
  it('refuses a fault point in production and an unknown fault point anywhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', WHARF_FAULT_POINT: 'files.compose.afterWrite' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', WHARF_FAULT_POINT: 'files.nowhere' })).toThrow(/WHARF_FAULT_POINT/);
    expect(loadConfig({ NODE_ENV: 'test', WHARF_FAULT_POINT: 'files.compose.afterWrite' }).faultPoint).toBe('files.compose.afterWrite');
    expect(loadConfig({ NODE_ENV: 'test' }).faultPoint).toBeNull();
  });
});
