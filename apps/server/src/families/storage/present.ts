import type { StorageBucket, StorageObjectInfo } from '@wharf/contract';
import type { BucketRow, ObjectRow } from './repo';

export const bucketOut = (b: BucketRow): StorageBucket => ({ name: b.name, isDefault: b.isDefault, objects: b.objects, bytes: b.bytes, createdAt: b.createdAt.toISOString() });

export const objectOut = (o: ObjectRow): StorageObjectInfo => ({
  name: o.name,
  size: o.size,
  contentType: o.contentType,
  etag: `"${o.sha256}"`,
  cacheControl: o.cacheControl,
  metadata: o.metadata,
  owner: o.owner,
  generation: o.generation,
  createdAt: o.createdAt.toISOString(),
  updatedAt: o.updatedAt.toISOString(),
});

/** A page position: the next name to look from, and whether that name itself counts. */
export interface ListPosition {
  name: string | null;
  inclusive: boolean;
}

export const encodeListCursor = (p: ListPosition): string => Buffer.from(`${p.inclusive ? 'i' : 'x'}${p.name ?? ''}`, 'utf8').toString('base64url');

export function decodeListCursor(cursor: string | undefined): ListPosition | null {
  if (!cursor) return { name: null, inclusive: false };
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[ix]/.test(text)) return null;
  return { name: text.slice(1), inclusive: text[0] === 'i' };
}
