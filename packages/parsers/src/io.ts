// Bounded random access to the uploaded file (or to an in-memory buffer, for nested packages).
// Every byte the parsers look at goes through `RandomSource.read`, so reads are counted,
// cancellable (timeout) and never larger than asked.

import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { PackageParseError } from './types';

export interface RandomSource {
  readonly size: number;
  /** Reads exactly `length` bytes at `position`; throws `truncated` when the source is shorter. */
  read(position: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

const WINDOW = 64 * 1024;

export interface FileSourceOptions {
  signal?: AbortSignal;
  onRead?: (position: number, length: number) => void | Promise<void>;
}

export function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new PackageParseError('timeout', 'package parsing took too long and was stopped');
}

/** A file opened read-only, with a small read-ahead window so walking a central directory is cheap. */
export class FileSource implements RandomSource {
  private window: { start: number; data: Buffer } | null = null;
  private closed = false;

  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
    private readonly options: FileSourceOptions,
  ) {}

  static async open(path: string, options: FileSourceOptions = {}): Promise<FileSource> {
    const handle = await open(path, 'r');
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw new PackageParseError('notAPackage', 'not a regular file');
      return new FileSource(handle, stat.size, options);
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async read(position: number, length: number): Promise<Buffer> {
    if (!Number.isSafeInteger(position) || !Number.isSafeInteger(length) || position < 0 || length < 0) {
      throw new PackageParseError('notAPackage', `invalid read range ${position}+${length}`);
    }
    if (position + length > this.size) {
      throw new PackageParseError('truncated', `the file ends before byte ${position + length} (size ${this.size}): truncated upload?`);
    }
    if (length === 0) return Buffer.alloc(0);
    const w = this.window;
    if (w && position >= w.start && position + length <= w.start + w.data.length) {
      return Buffer.from(w.data.subarray(position - w.start, position - w.start + length));
    }
    if (length >= WINDOW) {
      const data = await this.rawRead(position, length);
      // Keep moderately large reads (the end-record tail) for the next reader of the same bytes.
      if (length <= 4 * WINDOW) this.window = { start: position, data };
      return length <= 4 * WINDOW ? Buffer.from(data) : data;
    }
    const windowLength = Math.min(WINDOW, this.size - position);
    const data = await this.rawRead(position, windowLength);
    this.window = { start: position, data };
    return Buffer.from(data.subarray(0, length));
  }

  private async rawRead(position: number, length: number): Promise<Buffer> {
    checkAborted(this.options.signal);
    if (this.closed) throw new PackageParseError('timeout', 'the package file was closed while still being read');
    const hook = this.options.onRead?.(position, length);
    if (hook) await hook;
    checkAborted(this.options.signal);
    const buffer = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await this.handle.read(buffer, done, length - done, position + done);
      if (bytesRead === 0) throw new PackageParseError('truncated', `unexpected end of file at byte ${position + done}`);
      done += bytesRead;
    }
    return buffer;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.window = null;
    await this.handle.close();
  }
}

/** A package held in memory (an inner HAP of an APP, read whole because it is small). */
export class BufferSource implements RandomSource {
  constructor(
    private readonly data: Buffer,
    private readonly signal?: AbortSignal,
  ) {}

  get size(): number {
    return this.data.length;
  }

  async read(position: number, length: number): Promise<Buffer> {
    checkAborted(this.signal);
    if (position < 0 || length < 0 || position + length > this.data.length) {
      throw new PackageParseError('truncated', `the package ends before byte ${position + length} (size ${this.data.length})`);
    }
    return Buffer.from(this.data.subarray(position, position + length));
  }

  async close(): Promise<void> {}
}

const STREAM_CHUNK = 64 * 1024;

/** yauzl's random-access interface on top of a RandomSource. */
export class SourceReader extends yauzl.RandomAccessReader {
  constructor(private readonly source: RandomSource) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const source = this.source;
    let position = start;
    return new Readable({
      highWaterMark: STREAM_CHUNK,
      read() {
        if (position >= end) {
          this.push(null);
          return;
        }
        const length = Math.min(STREAM_CHUNK, end - position);
        const at = position;
        position += length;
        source.read(at, length).then(
          (chunk) => this.push(chunk),
          (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
        );
      },
    });
  }

  override read(buffer: Buffer, offset: number, length: number, position: number, callback: (err: Error | null, bytesRead?: number) => void): void {
    this.source.read(position, length).then(
      (chunk) => {
        chunk.copy(buffer, offset);
        callback(null, chunk.length);
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  }

  override close(callback: (err: Error | null) => void): void {
    // The source is closed by its owner, not by yauzl.
    setImmediate(() => callback(null));
  }
}
