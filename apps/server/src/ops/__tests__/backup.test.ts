import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudDbApi, fileApi, projectApi } from '@wharf/contract';
import { DEFAULT_CLOUD_DB_PERMISSIONS } from '@wharf/rules';
import { loadConfig, type Config } from '../../config';
import { openPglite } from '../../platform/db/client';
import { DataDirInUseError, lockDataDir } from '../../platform/db/data-dir-lock';
import { createTestApp, seedEmbeddedDataDir, TestUser } from '../../harness';
import { backupEmbedded, BackupError, restoreEmbedded } from '../backup';

// A real embedded data directory (database and files), as `npm start` makes it.
let root: string;
let config: Config;
const env = () => ({ DATA_DIR: path.join(root, 'data') });

async function appOnDataDir() {
  const database = await openPglite(config.database.kind === 'pglite' ? config.database.dir : '');
  await database.migrate();
  const t = await createTestApp({ env: env(), database });
  return {
    t,
    close: async () => {
      await t.close();
      await database.close();
    },
  };
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-backup-test-'));
  config = loadConfig({ ...env(), NODE_ENV: 'test' });
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

// The embedded store is the subject here, whatever database the rest of the suite uses:
// the PostgreSQL run skips it rather than repeat it (PostgreSQL is backed up by pg_dump).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore of the embedded database and files', () => {
  it('backs up, wipes, restores and finds every row and file again', async () => {
    const bytes = Buffer.from(`backup me ${'x'.repeat(5000)}`);
    let email: string;
    let password: string;
    let objectId: string;
    {
      await seedEmbeddedDataDir(config.dataDir);
      const { t, close } = await appOnDataDir();
      const u = await TestUser.register(t);
      email = u.email;
      password = u.password;
      const projectId = (await u.call(projectApi.createProject, { body: { name: 'Kept project' } })).json().project.projectId as string;
      // Cloud DB's documents live in a schema of the project, made at run time: the backup takes it too.
      await u.call(cloudDbApi.createZone, { query: { projectId }, body: { zoneName: 'main' } });
      const fields = [{ fieldName: 'id', fieldType: 'Integer' as const, belongPrimaryKey: true, notNull: true, isNeedEncrypt: false }];
      expect((await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { objectTypeName: 'Kept', fields, indexes: [], permissions: DEFAULT_CLOUD_DB_PERMISSIONS } })).statusCode).toBe(200);
      const at = { zoneName: 'main', objectTypeName: 'Kept' };
      expect((await u.call(cloudDbApi.writeObjects, { params: at, query: { projectId }, body: { objects: [{ id: 7 }] } })).statusCode).toBe(200);
      const up = await u.call(fileApi.uploadObject, { query: { fileName: 'kept.bin', contentType: 'application/octet-stream' }, raw: bytes });
      expect(up.statusCode).toBe(200);
      objectId = up.json().object.objectId;
      await close();
    }

    const archive = path.join(root, 'backups', 'one.tar.gz');
    const manifest = await backupEmbedded(config, archive, new Date('2026-11-23T10:00:00Z'));
    expect(manifest).toMatchObject({ format: 'wharf-backup', files: true, fileCount: 1, fileBytes: bytes.length, createdAt: '2026-11-23T10:00:00.000Z' });

    await fs.rm(config.dataDir, { recursive: true, force: true });
    await restoreEmbedded(config, archive);

    const { t, close } = await appOnDataDir();
    try {
      const u = new TestUser(t, email, password);
      expect((await u.login()).statusCode).toBe(200);
      const projects = (await u.call(projectApi.projectList)).json().items;
      expect(projects.map((p: { name: string }) => p.name)).toContain('Kept project');
      const projectId = projects.find((p: { name: string }) => p.name === 'Kept project').projectId as string;
      const kept = await u.call(cloudDbApi.browseObjects, { params: { zoneName: 'main', objectTypeName: 'Kept' }, query: { projectId }, body: {} });
      expect(kept.json()).toMatchObject({ objects: [{ id: 7 }], total: 1 });
      const url = (await u.call(fileApi.downloadUrl, { body: { objectId } })).json().url as string;
      const download = await t.app.inject({ url });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(bytes)).toBe(true);
    } finally {
      await close();
    }
    // Two embedded databases opened and a real backup and restore: a loaded machine needs the time.
  }, 180_000);

  it('refuses to overwrite data without --force, and replaces it with it', async () => {
    const archive = path.join(root, 'backups', 'one.tar.gz');
    await expect(restoreEmbedded(config, archive)).rejects.toThrow(/already holds data/);
    await expect(restoreEmbedded(config, archive, { force: true })).resolves.toMatchObject({ format: 'wharf-backup' });
  }, 120_000);

  it('refuses while the server holds the database, naming the process', async () => {
    const dir = config.database.kind === 'pglite' ? config.database.dir : '';
    const held = await openPglite(dir);
    try {
      await expect(backupEmbedded(config, path.join(root, 'never.tar.gz'))).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(fs.access(path.join(root, 'never.tar.gz'))).rejects.toThrow();
    } finally {
      await held.close();
    }
  });

  it('takes over a lock left by a process that died, and says so', async () => {
    const dir = path.join(root, 'stale', 'db');
    await fs.mkdir(path.dirname(dir), { recursive: true });
    // A pid far above any the kernel hands out: its owner is certainly gone.
    await fs.writeFile(`${dir}.lock`, '2147483646');
    const lock = await lockDataDir(dir);
    expect(lock.recoveredFrom).toBe(2147483646);
    await lock.release();
    await expect(fs.access(`${dir}.lock`)).rejects.toThrow();
  });

  it('refuses what is not a backup', async () => {
    const bogus = path.join(root, 'bogus.tar.gz');
    await fs.writeFile(bogus, 'not an archive');
    await expect(restoreEmbedded(config, bogus, { force: true })).rejects.toBeInstanceOf(BackupError);
    await expect(restoreEmbedded(config, path.join(root, 'missing.tar.gz'))).rejects.toThrow(/No backup at/);
    await expect(backupEmbedded(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/none' }), path.join(root, 'pg.tar.gz'))).rejects.toThrow(/pg_dump/);
  });
});
