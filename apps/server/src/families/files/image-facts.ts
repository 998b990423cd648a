import { Transform, type TransformCallback } from 'node:stream';
import { imageSize } from 'image-size';

/**
 * How much of an image is kept to read its size: a PNG or WebP says it in its first bytes,
 * a JPEG after its metadata segments (each at most 64 KB; a camera's are a few).
 */
export const IMAGE_HEAD_BYTES = 512 * 1024;

const MIME_OF: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', bmp: 'image/bmp', tiff: 'image/tiff', heif: 'image/heif', avif: 'image/avif', svg: 'image/svg+xml', ico: 'image/x-icon' };

export interface DecodedImage {
  /** The type its bytes say, whatever the upload declared. */
  contentType: string | null;
  width: number | null;
  height: number | null;
}

/** An image's type and size in pixels from its first bytes (image-size reads the headers only). */
export function decodeImageHead(head: Buffer): DecodedImage {
  try {
    const found = imageSize(new Uint8Array(head.buffer, head.byteOffset, head.length));
    // A JPEG's EXIF orientation turns it a quarter: people see it the other way round.
    const turned = found.orientation !== undefined && found.orientation >= 5;
    const width = found.width ?? null;
    const height = found.height ?? null;
    return { contentType: (found.type && MIME_OF[found.type]) ?? null, width: turned ? height : width, height: turned ? width : height };
  } catch {
    return { contentType: null, width: null, height: null };
  }
}

/** An image's stored facts: the type its bytes say (the declared one when unreadable) and its size in pixels. */
export function imageFactsOf(head: Buffer, declared: string): { contentType: string; width: number | null; height: number | null } {
  const decoded = decodeImageHead(head);
  return { contentType: decoded.contentType ?? declared, width: decoded.width, height: decoded.height };
}

/**
 * `source` passed through a HeadKeeper, its failure passed on. The reader (storage) sees a
 * failure from the stream's state whenever it starts reading: a refusal that comes before
 * (the first bytes are judged while storage makes its directories) is not an uncaught one.
 */
export function keepingHead(source: NodeJS.ReadableStream & { on(event: 'error', fn: (err: Error) => void): unknown }): HeadKeeper {
  const kept = new HeadKeeper();
  kept.on('error', () => undefined);
  source.on('error', (err) => kept.destroy(err));
  source.pipe(kept);
  return kept;
}

/** A pass-through that keeps the first `limit` bytes of what flows through it. */
export class HeadKeeper extends Transform {
  readonly #chunks: Buffer[] = [];
  #kept = 0;

  constructor(private readonly limit = IMAGE_HEAD_BYTES) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.#kept < this.limit) {
      const part = chunk.subarray(0, this.limit - this.#kept);
      this.#chunks.push(Buffer.from(part));
      this.#kept += part.length;
    }
    done(null, chunk);
  }

  get head(): Buffer {
    return Buffer.concat(this.#chunks);
  }
}
