import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FUNCTION_LIMITS } from '@wharf/rules';
import { invalidInput, type LocalisedText } from '../../platform/http/errors';
import { readAllUpTo } from '../../platform/storage/read-all';
import { readSafeZip } from '../../platform/zip';

const L = FUNCTION_LIMITS;
export interface FunctionZip {
  files: Record<string, Buffer>;
  manifest: { path: string; size: number }[];
  size: number;
  sha256: string;
}

const refuse = (text: LocalisedText) => invalidInput(text);
const noEntry = (p: string): LocalisedText => ({ zh: `zip 中没有入口文件 ${p}`, en: `The zip has no entry file ${p}`, ru: `В zip нет файла точки входа ${p}` });

/**
 * A function's files from a zip, read in memory with every check up front: the zip's size,
 * how many files, each path relative and inside the folder, no symbolic links, no
 * encrypted entries, declared sizes (checked against what inflates) within the unpacked
 * limit, and no entry packed implausibly tight. Directories are implied by the paths.
 */
export async function readFunctionZip(zip: Buffer, entry?: string): Promise<FunctionZip> {
  const { files, size } = await readSafeZip(zip, { entries: L.zipEntries, unzippedBytes: L.unzippedBytes });
  if (entry !== undefined && !files[entry]) throw refuse(noEntry(entry));
  const manifest = Object.entries(files).map(([path, b]) => ({ path, size: b.length })).sort((a, b) => a.path.localeCompare(b.path));
  return { files, manifest, size, sha256: createHash('sha256').update(zip).digest('hex') };
}

/** A stream's bytes, refused past `max` (the stored size could be wrong; the bytes decide). */
export async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const bytes = await readAllUpTo(stream, max);
  if (!bytes) throw refuse({ zh: '文件过大', en: 'The file is too large', ru: 'Файл слишком большой' });
  return bytes;
}
