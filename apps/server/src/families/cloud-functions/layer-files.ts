import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LAYER_LIMITS as L } from '@wharf/rules';
import yazl from 'yazl';
import { invalidInput } from '../../platform/http/errors';
import { readSafeZip } from '../../platform/zip';
import { WORDS } from './words';

export interface LayerZip {
  /** Paths from `node_modules/` on. */
  files: Record<string, Buffer>;
  unzippedSize: number;
  packages: { name: string; version: string }[];
}

/**
 * A layer's files from its zip: each under `node_modules/` (or AWS's and FunctionGraph's
 * `nodejs/node_modules/`), checked like code zips with the layers' own limits.
 */
export async function readLayerZip(zip: Buffer): Promise<LayerZip> {
  const { files: raw, size } = await readSafeZip(zip, { entries: L.zipEntries, unzippedBytes: L.unzippedBytes });
  const files: Record<string, Buffer> = {};
  for (const [name, bytes] of Object.entries(raw)) {
    const at = name.startsWith('nodejs/node_modules/') ? name.slice('nodejs/'.length) : name;
    if (!at.startsWith('node_modules/')) throw invalidInput(WORDS.layerLayout(name));
    files[at] = bytes;
  }
  if (Object.keys(files).length === 0) throw invalidInput(WORDS.layerLayout(''));
  return { files, unzippedSize: size, packages: topPackages((p) => files[p]?.toString('utf8') ?? null, Object.keys(files)) };
}

/** The packages at the top of a `node_modules` (scoped ones too), from their package.json files. */
function topPackages(read: (p: string) => string | null, paths: string[]): { name: string; version: string }[] {
  const manifests = new Set(paths.filter((p) => /^node_modules\/(?:@[^/]+\/)?[^/@.][^/]*\/package\.json$/.test(p)));
  const out: { name: string; version: string }[] = [];
  for (const p of [...manifests].sort()) {
    try {
      const doc = JSON.parse(read(p) ?? '') as { name?: unknown; version?: unknown };
      if (typeof doc.name === 'string' && typeof doc.version === 'string') out.push({ name: doc.name, version: doc.version });
    } catch {
      // Not a package's manifest: left out of the summary, still in the layer.
    }
  }
  return out.slice(0, 500);
}

export interface BuiltZip {
  zip: Buffer;
  sha256: string;
  files: number;
  unzippedSize: number;
  packages: { name: string; version: string }[];
}

/** A build's `node_modules` as a layer zip (links left out: npm's `.bin` shims run nothing here), or why it is too large. */
export async function zipNodeModules(dir: string): Promise<BuiltZip | { refused: string }> {
  const zip = new yazl.ZipFile();
  const paths: string[] = [];
  let size = 0;
  const walk = (rel: string): string | null => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const at = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        const why = walk(at);
        if (why) return why;
      } else if (entry.isFile()) {
        const full = path.join(dir, at);
        size += fs.statSync(full).size;
        paths.push(at);
        if (paths.length > L.zipEntries) return `more than ${L.zipEntries} files`;
        if (size > L.unzippedBytes) return `more than ${L.unzippedBytes / 1024 / 1024} MB unpacked`;
        zip.addFile(full, at, { mode: 0o644 });
      }
    }
    return null;
  };
  const why = walk('node_modules');
  if (why) return { refused: why };
  zip.end();
  const chunks: Buffer[] = [];
  let zipped = 0;
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) {
    zipped += chunk.length;
    if (zipped > L.zipBytes) return { refused: `more than ${L.zipBytes / 1024 / 1024} MB zipped` };
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  const read = (p: string) => (paths.includes(p) ? fs.readFileSync(path.join(dir, p), 'utf8') : null);
  return { zip: bytes, sha256: createHash('sha256').update(bytes).digest('hex'), files: paths.length, unzippedSize: size, packages: topPackages(read, paths) };
}
