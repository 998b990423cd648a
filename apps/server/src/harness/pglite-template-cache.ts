import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/*
 * The migrated embedded template, made once per version of what it holds and shared by the
 * runs that need one: `npm test`'s unit lane, browser lane and scaffold check each made
 * their own (8 s alone on CI's machine, 15 s beside the other lanes, and the browser lane's
 * came before its first journey). What it holds depends on the migrations, the server's
 * code (every family's job queues) and the versions of PGlite (its files' format) and
 * pg-boss (its schema); the key is a hash of all four.
 */

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
}

/** An installed package's version (found from its entry point: not every package exports its package.json). */
async function versionOf(pkg: string): Promise<string> {
  for (let dir = path.dirname(require.resolve(pkg)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = await fs.readFile(path.join(dir, 'package.json'), 'utf8').catch(() => null);
    if (manifest && (JSON.parse(manifest) as { name?: string }).name === pkg) return (JSON.parse(manifest) as { version: string }).version;
  }
  throw new Error(`no package.json found for ${pkg}`);
}

/** The key of the template the tree in hand would make. */
export async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of ['drizzle', 'src']) {
    for (const file of await filesUnder(path.join(SERVER_DIR, dir))) {
      if (file.includes(`${path.sep}__tests__${path.sep}`)) continue;
      hash.update(path.relative(SERVER_DIR, file)).update('\0').update(await fs.readFile(file)).update('\0');
    }
  }
  hash.update(`pglite ${await versionOf('@electric-sql/pglite')} pg-boss ${await versionOf('pg-boss')}`);
  return hash.digest('hex').slice(0, 16);
}

const CACHE_DIR = () => path.join(os.tmpdir(), 'wharf-tpl-cache');
const DAY_MS = 86_400_000;

/**
 * The cached template's directory, made by `make(dir)` when there is none. Two runs making
 * it at once each make their own and the first to finish keeps its copy; an entry is
 * never changed once in place, so copying from it while another run reads it is safe.
 * Entries unused for a day are removed.
 */
export async function cachedTemplateDir(make: (dir: string) => Promise<void>): Promise<string> {
  const cache = CACHE_DIR();
  await fs.mkdir(cache, { recursive: true });
  const dir = path.join(cache, await templateKey());
  const now = new Date();
  try {
    await fs.utimes(dir, now, now);
    return dir;
  } catch {
    // Not made yet.
  }
  const making = await fs.mkdtemp(path.join(cache, 'making-'));
  try {
    await make(path.join(making, 'db'));
    await fs.rename(path.join(making, 'db'), dir).catch(async (err: NodeJS.ErrnoException) => {
      // Another run put its copy in place first: use that one.
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    });
  } finally {
    await fs.rm(making, { recursive: true, force: true });
  }
  await pruneOlderThan(cache, DAY_MS, dir);
  return dir;
}

async function pruneOlderThan(cache: string, ageMs: number, keep: string): Promise<void> {
  for (const name of await fs.readdir(cache)) {
    const entry = path.join(cache, name);
    if (entry === keep) continue;
    const stat = await fs.stat(entry).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > ageMs) await fs.rm(entry, { recursive: true, force: true });
  }
}
