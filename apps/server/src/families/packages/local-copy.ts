import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ObjectStorage } from '../../platform/storage';

/**
 * Runs `work` on a file path holding the object: the stored file itself on a local disk (the
 * parsers read a few ranges, never the whole file), a temporary copy from remote storage.
 */
export async function withLocalCopy<T>(storage: ObjectStorage, key: string, work: (filePath: string) => Promise<T>): Promise<T> {
  const local = storage.localPath?.(key);
  if (local) return work(local);
  const temp = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-parse-'));
  try {
    const filePath = path.join(temp, 'package');
    await pipeline(await storage.get(key), createWriteStream(filePath));
    return await work(filePath);
  } finally {
    await fs.rm(temp, { recursive: true, force: true });
  }
}
