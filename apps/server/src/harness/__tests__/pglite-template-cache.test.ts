import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedTemplateDir, templateKey } from '../pglite-template-cache';

// The cache lives under os.tmpdir(): each test points that at a directory of its own.
let tmp: string;
beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-tpl-cache-test-'));
  vi.spyOn(os, 'tmpdir').mockReturnValue(tmp);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(tmp, { recursive: true, force: true });
});

const writing = (marker: string, calls: string[]) => async (dir: string) => {
  calls.push(marker);
  await fs.mkdir(dir, { recursive: true });
  await new Promise((r) => setTimeout(r, 20));
  await fs.writeFile(path.join(dir, 'made-by'), marker);
};

describe('the embedded template cache', () => {
  it('makes the template once for a tree and hands the same directory to the runs after', async () => {
    const calls: string[] = [];
    const first = await cachedTemplateDir(writing('one', calls));
    const second = await cachedTemplateDir(writing('two', calls));
    expect(second).toBe(first);
    expect(calls).toEqual(['one']);
    expect(path.basename(first)).toBe(await templateKey());
    expect(await fs.readFile(path.join(first, 'made-by'), 'utf8')).toBe('one');
  });

  it('keeps one whole copy when two runs make it at once, and leaves nothing half-made', async () => {
    const calls: string[] = [];
    const [a, b] = await Promise.all([cachedTemplateDir(writing('a', calls)), cachedTemplateDir(writing('b', calls))]);
    expect(a).toBe(b);
    expect(calls.sort()).toEqual(['a', 'b']);
    expect(['a', 'b']).toContain(await fs.readFile(path.join(a, 'made-by'), 'utf8'));
    expect(await fs.readdir(path.dirname(a))).toEqual([path.basename(a)]);
  });

  it('removes what a failed make left and says why', async () => {
    await expect(cachedTemplateDir(async () => Promise.reject(new Error('migration 0042 failed')))).rejects.toThrow('migration 0042 failed');
    expect(await fs.readdir(path.join(tmp, 'wharf-tpl-cache'))).toEqual([]);
  });

  it('removes other trees\' templates unused for a day', async () => {
    const stale = path.join(tmp, 'wharf-tpl-cache', 'an-older-tree');
    const recent = path.join(tmp, 'wharf-tpl-cache', 'a-branch-in-use');
    await fs.mkdir(stale, { recursive: true });
    await fs.mkdir(recent, { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await fs.utimes(stale, twoDaysAgo, twoDaysAgo);
    const dir = await cachedTemplateDir(writing('now', []));
    expect((await fs.readdir(path.dirname(dir))).sort()).toEqual([path.basename(dir), 'a-branch-in-use'].sort());
  });
});
