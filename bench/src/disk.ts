import fs from 'node:fs/promises';

/** Benchmarks that write large files check first, and say why they skip. */
export async function freeBytes(dir: string): Promise<number> {
  const s = await fs.statfs(dir);
  return s.bavail * s.bsize;
}

export async function ensureFreeDisk(dir: string, needed: number): Promise<boolean> {
  const free = await freeBytes(dir);
  if (free < needed * 1.2) {
    console.warn(`skipping: needs ${(needed / 2 ** 30).toFixed(1)} GiB free in ${dir}, has ${(free / 2 ** 30).toFixed(1)} GiB`);
    return false;
  }
  return true;
}
