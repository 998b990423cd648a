import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import mime from 'mime-types';
import type { Deps } from '../../platform/deps';
import type { SiteRow } from './repo';

const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json|wasm|x-javascript)|image\/svg\+xml)/;

export const blobKey = (site: Pick<SiteRow, 'projectId' | 'id'>, sha256: string, br = false) => `hosting/${site.projectId}/${site.id}/${sha256}${br ? '.br' : ''}`;

export const contentTypeOf = (path: string): string => mime.contentType(mime.lookup(path) || 'application/octet-stream') || 'application/octet-stream';

export interface StoredBlob {
  sha256: string;
  size: number;
  contentType: string;
  brSize: number | null;
}

/**
 * A site's file bytes, stored once per content (versions share them): the blob by its
 * sha-256, and a Brotli copy made at deploy for text that shrinks, so serving never
 * compresses.
 */
export async function storeBlob(deps: Pick<Deps, 'storage'>, site: Pick<SiteRow, 'projectId' | 'id'>, path: string, bytes: Buffer): Promise<StoredBlob> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const contentType = contentTypeOf(path);
  const key = blobKey(site, sha256);
  if (!(await deps.storage.stat(key))) await deps.storage.put(key, Readable.from([bytes]));
  let brSize: number | null = null;
  if (COMPRESSIBLE.test(contentType) && bytes.length >= 256) {
    const brKey = blobKey(site, sha256, true);
    const kept = await deps.storage.stat(brKey);
    if (kept) brSize = kept.size;
    else {
      const packed = await brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
      if (packed.length < bytes.length * 0.9) {
        await deps.storage.put(brKey, Readable.from([packed]));
        brSize = packed.length;
      }
    }
  }
  return { sha256, size: bytes.length, contentType, brSize };
}

export async function dropBlobs(deps: Pick<Deps, 'storage'>, site: Pick<SiteRow, 'projectId' | 'id'>, shas: Iterable<string>): Promise<void> {
  await Promise.all([...shas].flatMap((sha) => [deps.storage.delete(blobKey(site, sha)).catch(() => false), deps.storage.delete(blobKey(site, sha, true)).catch(() => false)]));
}
