import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/errors';
import { readAllUpTo } from '../../platform/storage/read-all';
import type { BucketRow, ObjectRow } from './repo';

/** The widths a thumbnail may have: a few, so the cache stays small and cannot be filled by asking every size. */
export const THUMBNAIL_WIDTHS = [64, 128, 256, 512, 1024] as const;
/** Larger images are refused before decoding: a small file can declare billions of pixels (a decompression bomb). */
export const THUMBNAIL_MAX_INPUT_PIXELS = 50_000_000;
const MAX_SOURCE_BYTES = 50 * 1024 * 1024;
const RESIZABLE = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

const keyOf = (bucket: BucketRow, sha256: string, width: number) => `storage/${bucket.projectId}/${bucket.id}/thumbs/${sha256}-${width}`;

export const isResizable = (o: ObjectRow) => RESIZABLE.has(o.contentType.split(';')[0]!.trim().toLowerCase()) && o.size <= MAX_SOURCE_BYTES;

/**
 * Thumbnails made on request with sharp, fitting inside width × width, as WebP (PNG-like
 * transparency, JPEG-like size), kept in the object store under the file's content hash: a
 * replaced file gets new ones, and the old ones go with it.
 */
export class Thumbnails {
  constructor(private readonly deps: Deps) {}

  /** The thumbnail's key in the object store, made first when missing. */
  async of(bucket: BucketRow, o: ObjectRow, width: number): Promise<{ key: string; size: number }> {
    const { storage } = this.deps;
    const key = keyOf(bucket, o.sha256, width);
    const kept = await storage.stat(key);
    if (kept) return { key, size: kept.size };
    const source = await readAllUpTo(await storage.get(o.storageKey), MAX_SOURCE_BYTES);
    let out: Buffer;
    try {
      if (!source) throw new Error('too large');
      out = await sharp(source, { limitInputPixels: THUMBNAIL_MAX_INPUT_PIXELS, animated: false })
        .rotate()
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      throw new AppError('unsupportedMedia', { zh: '无法为此文件生成缩略图（图片损坏或像素过多）', en: 'No thumbnail can be made of this file (a broken image, or too many pixels)', ru: 'Для этого файла нельзя сделать миниатюру (изображение повреждено или в нём слишком много пикселей)' });
    }
    await storage.put(key, Readable.from([out]));
    return { key, size: out.length };
  }

  /** Every width's thumbnail of a file's content, when the file goes or changes. */
  async forget(bucket: BucketRow, sha256: string): Promise<void> {
    await Promise.all(THUMBNAIL_WIDTHS.map((w) => this.deps.storage.delete(keyOf(bucket, sha256, w)).catch(() => undefined)));
  }
}
