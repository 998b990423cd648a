import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import type { Config } from '../config';
import { lockDataDir } from '../platform/db/data-dir-lock';

const FORMAT = 'wharf-backup';
const FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: 'pglite';
  /** Whether the archive holds the stored files (local storage) or not (S3: back the bucket up there). */
  files: boolean;
  fileCount: number;
  fileBytes: number;
}

export class BackupError extends Error {}

async function countFiles(dir: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    count += 1;
    bytes += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { count, bytes };
}

function embeddedDir(config: Config): string {
  if (config.database.kind !== 'pglite') {
    throw new BackupError('This deployment uses PostgreSQL (DATABASE_URL): back it up with pg_dump as docs/operations.md describes.');
  }
  return config.database.dir;
}

/**
 * Writes one archive of the embedded database and the locally stored files. The server
 * must be stopped: the database's lock says so otherwise, and nothing is written.
 */
export async function backupEmbedded(config: Config, outFile: string, now: Date = new Date()): Promise<BackupManifest> {
  const dbDir = embeddedDir(config);
  const lock = await lockDataDir(dbDir);
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-backup-'));
  try {
    const pg = await PGlite.create(dbDir);
    try {
      const dump = await pg.dumpDataDir('gzip');
      await fs.writeFile(path.join(staging, 'db.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pg.close();
    }
    const withFiles = config.storage.kind === 'local';
    const entries = ['manifest.json', 'db.tar.gz'];
    let stats = { count: 0, bytes: 0 };
    if (withFiles) {
      await fs.mkdir(config.storageDir, { recursive: true });
      await fs.cp(config.storageDir, path.join(staging, 'files'), { recursive: true });
      stats = await countFiles(path.join(staging, 'files'));
      entries.push('files');
    }
    const manifest: BackupManifest = { format: FORMAT, version: FORMAT_VERSION, createdAt: now.toISOString(), database: 'pglite', files: withFiles, fileCount: stats.count, fileBytes: stats.bytes };
    await fs.writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await fs.mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    // Written beside the target first: a backup that stops halfway never looks complete.
    const partial = `${outFile}.partial`;
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    await fs.rename(partial, outFile);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await lock.release();
  }
}

async function isEmptyDir(dir: string): Promise<boolean> {
  const entries = await fs.readdir(dir).catch(() => null);
  return entries === null || entries.length === 0;
}

/**
 * Puts an archive back: the embedded database and (when the archive holds them) the
 * stored files. Refuses to overwrite existing data unless `force`; the server must be stopped.
 */
export async function restoreEmbedded(config: Config, archive: string, options: { force?: boolean } = {}): Promise<BackupManifest> {
  const dbDir = embeddedDir(config);
  await fs.access(archive).catch(() => {
    throw new BackupError(`No backup at ${archive}`);
  });
  await fs.mkdir(path.dirname(dbDir), { recursive: true });
  const lock = await lockDataDir(dbDir);
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-restore-'));
  try {
    // tar refuses absolute paths and '..' on extraction; only the expected entries are read.
    await tar.x({ file: archive, cwd: staging, strict: true, filter: (p) => /^(manifest\.json|db\.tar\.gz|files(\/.*)?)$/.test(p.replace(/^\.\//, '')) }).catch((err: unknown) => {
      throw new BackupError(`Not a readable backup archive: ${(err as Error).message}`);
    });
    const manifest = JSON.parse(await fs.readFile(path.join(staging, 'manifest.json'), 'utf8').catch(() => '{}')) as Partial<BackupManifest>;
    if (manifest.format !== FORMAT || manifest.version !== FORMAT_VERSION) throw new BackupError('Not a Wharf backup (manifest missing or of another version)');
    const hasData = !(await isEmptyDir(dbDir)) || (manifest.files === true && !(await isEmptyDir(config.storageDir)));
    if (hasData && !options.force) throw new BackupError(`${config.dataDir} already holds data; restore with --force to replace it`);
    await fs.rm(dbDir, { recursive: true, force: true });
    await fs.mkdir(dbDir, { recursive: true });
    const dump = await fs.readFile(path.join(staging, 'db.tar.gz'));
    const pg = await PGlite.create({ dataDir: dbDir, loadDataDir: new Blob([dump]) });
    await pg.query('select 1');
    await pg.close();
    if (manifest.files) {
      await fs.rm(config.storageDir, { recursive: true, force: true });
      await fs.cp(path.join(staging, 'files'), config.storageDir, { recursive: true });
    }
    return manifest as BackupManifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await lock.release();
  }
}
