// The zip layer: the end record and central directory are read and checked up front
// (entry names, counts, declared sizes and ratios, overlapping entries), then single
// entries are read on demand with a hard cap on what is inflated.

import yauzl from 'yauzl';
import { type RandomSource, SourceReader } from './io';
import {
  MAX_CENTRAL_DIRECTORY_BYTES,
  PackageParseError,
  type ParseLimits,
  RATIO_CHECK_MIN_BYTES,
} from './types';

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  compressionMethod: number;
  encrypted: boolean;
  localHeaderOffset: number;
  nameLength: number;
  /** @internal the yauzl entry, used to stream the data. */
  raw: yauzl.Entry;
}

export interface EndOfCentralDirectory {
  eocdOffset: number;
  centralDirectoryOffset: number;
  centralDirectorySize: number;
  entryCount: number;
  zip64: boolean;
}

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CD_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;

function u64(buf: Buffer, offset: number): number {
  const value = buf.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new PackageParseError('notAPackage', 'zip64 field out of range');
  return Number(value);
}

/** Finds and checks the end of central directory record, reading at most the last 64 KiB. */
export async function readEndOfCentralDirectory(source: RandomSource): Promise<EndOfCentralDirectory> {
  const size = source.size;
  if (size === 0) throw new PackageParseError('notAPackage', 'the file is empty');
  if (size < 22) {
    const head = await source.read(0, size);
    if (head.length >= 2 && head[0] === 0x50 && head[1] === 0x4b) throw new PackageParseError('truncated', 'the zip ends before its end record: truncated upload?');
    throw new PackageParseError('notAPackage', 'the file is too small to be a package');
  }
  const tailLength = Math.min(size, 22 + 0xffff + 20);
  const tailStart = size - tailLength;
  const tail = await source.read(tailStart, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== EOCD_SIG) continue;
    const commentLength = tail.readUInt16LE(i + 20);
    if (i + 22 + commentLength === tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) {
    const head = await source.read(0, 4);
    if (head.readUInt32LE(0) === LOCAL_SIG) {
      throw new PackageParseError('truncated', 'the zip has no end of central directory record (or trailing bytes after it): truncated or damaged upload');
    }
    throw new PackageParseError('notAPackage', 'not a zip archive (no end of central directory record)');
  }
  const eocdOffset = tailStart + at;
  const disk = tail.readUInt16LE(at + 4);
  const cdDisk = tail.readUInt16LE(at + 6);
  let entryCount = tail.readUInt16LE(at + 10);
  let cdSize = tail.readUInt32LE(at + 12);
  let cdOffset = tail.readUInt32LE(at + 16);
  let zip64 = false;
  let cdEnd = eocdOffset;
  if (at >= 20 && tail.readUInt32LE(at - 20) === ZIP64_LOCATOR_SIG) {
    zip64 = true;
    const zip64EocdOffset = u64(tail, at - 20 + 8);
    if (zip64EocdOffset + 56 > eocdOffset - 20) throw new PackageParseError('notAPackage', 'zip64 end record points outside the file');
    const rec = await source.read(zip64EocdOffset, 56);
    if (rec.readUInt32LE(0) !== ZIP64_EOCD_SIG) throw new PackageParseError('notAPackage', 'invalid zip64 end of central directory record');
    if (rec.readUInt32LE(16) !== 0 || rec.readUInt32LE(20) !== 0) throw new PackageParseError('notAPackage', 'multi-disk zip archives are not packages');
    entryCount = u64(rec, 32);
    cdSize = u64(rec, 40);
    cdOffset = u64(rec, 48);
    cdEnd = zip64EocdOffset;
  } else if (disk !== 0 || cdDisk !== 0) {
    throw new PackageParseError('notAPackage', 'multi-disk zip archives are not packages');
  }
  if (cdOffset + cdSize > size) {
    throw new PackageParseError('truncated', 'the central directory lies beyond the end of the file: truncated upload?');
  }
  if (cdOffset + cdSize !== cdEnd) {
    throw new PackageParseError(
      'notAPackage',
      'the central directory is not immediately followed by the end record: the file has a prefix or is several zips concatenated',
    );
  }
  return { eocdOffset, centralDirectoryOffset: cdOffset, centralDirectorySize: cdSize, entryCount, zip64 };
}

/** Why an entry name is refused, or null when it is acceptable. */
export function unsafeEntryName(raw: Buffer, decoded: string): string | null {
  if (raw.includes(0)) return 'contains a NUL byte';
  if (decoded.includes('\\')) return 'contains a backslash';
  if (decoded.startsWith('/') || /^[A-Za-z]:/.test(decoded)) return 'is an absolute path';
  if (decoded.split('/').some((segment) => segment === '..')) return 'has a ".." segment';
  return null;
}

function decodeName(raw: Buffer, flags: number): string {
  // Bit 11: UTF-8. Names in packages are ASCII in practice; latin1 keeps the bytes visible otherwise.
  return (flags & 0x800) !== 0 ? raw.toString('utf8') : raw.toString('latin1');
}

function describe(name: string): string {
  return JSON.stringify(name.length > 120 ? `${name.slice(0, 117)}...` : name);
}

function mapZipError(err: unknown): PackageParseError {
  if (err instanceof PackageParseError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/unexpected EOF|overflows file bounds/i.test(message)) return new PackageParseError('truncated', `damaged zip: ${message}`);
  return new PackageParseError('notAPackage', `damaged zip: ${message}`);
}

const CACHE_ENTRY_MAX = 1024 * 1024;

export class ZipArchive {
  /** Small entries already read (detection and parsing both look at the manifest). */
  private readonly cache = new Map<string, Buffer>();

  private constructor(
    private readonly zipfile: yauzl.ZipFile,
    readonly source: RandomSource,
    readonly end: EndOfCentralDirectory,
    readonly entries: ReadonlyMap<string, ZipEntryInfo>,
    private readonly limits: ParseLimits,
  ) {}

  static async open(source: RandomSource, limits: ParseLimits): Promise<ZipArchive> {
    const end = await readEndOfCentralDirectory(source);
    if (end.entryCount > limits.maxEntries) {
      throw new PackageParseError('zipBomb', `the zip lists ${end.entryCount} entries (limit ${limits.maxEntries})`);
    }
    if (end.centralDirectorySize > MAX_CENTRAL_DIRECTORY_BYTES) {
      throw new PackageParseError('zipBomb', `the central directory is ${end.centralDirectorySize} bytes (limit ${MAX_CENTRAL_DIRECTORY_BYTES})`);
    }
    // Minimum size of a central directory record is 46 bytes.
    if (end.entryCount * 46 > end.centralDirectorySize) {
      throw new PackageParseError('notAPackage', 'the end record claims more entries than the central directory can hold');
    }
    const first = end.entryCount > 0 ? await source.read(end.centralDirectoryOffset, 4) : null;
    if (first && first.readUInt32LE(0) !== CD_SIG) {
      throw new PackageParseError('notAPackage', 'no central directory where the end record says: the file has a prefix or is damaged');
    }

    const reader = new SourceReader(source);
    const zipfile = await new Promise<yauzl.ZipFile>((resolve, reject) => {
      yauzl.fromRandomAccessReader(
        reader,
        source.size,
        { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false, strictFileNames: true },
        (err, zip) => (err ? reject(mapZipError(err)) : resolve(zip)),
      );
    });

    const entries = new Map<string, ZipEntryInfo>();
    try {
      let total = 0;
      await new Promise<void>((resolve, reject) => {
        let failed = false;
        const fail = (err: unknown) => {
          if (failed) return;
          failed = true;
          reject(mapZipError(err));
        };
        zipfile.on('error', fail);
        zipfile.on('end', () => {
          if (!failed) resolve();
        });
        zipfile.on('entry', (raw: yauzl.Entry) => {
          try {
            const nameRaw = raw.fileName as unknown as Buffer;
            const name = decodeName(nameRaw, raw.generalPurposeBitFlag);
            const bad = unsafeEntryName(nameRaw, name);
            if (bad) throw new PackageParseError('pathTraversal', `entry name ${describe(name)} ${bad}`);
            for (const field of raw.extraFields) {
              // Info-ZIP Unicode Path: an alternative name some tools would use instead.
              if (field.id === 0x7075 && field.data.length > 5) {
                const alt = field.data.subarray(5);
                const why = unsafeEntryName(alt, alt.toString('utf8'));
                if (why) throw new PackageParseError('pathTraversal', `entry ${describe(name)} carries a unicode path that ${why}`);
              }
            }
            if (entries.has(name)) throw new PackageParseError('notAPackage', `duplicate entry ${describe(name)} in the zip`);
            const isDir = name.endsWith('/');
            if (raw.compressionMethod === 0 && raw.compressedSize !== raw.uncompressedSize && !isDir) {
              throw new PackageParseError('notAPackage', `stored entry ${describe(name)} has different compressed and uncompressed sizes`);
            }
            total += raw.uncompressedSize;
            if (total > limits.maxTotalUncompressed) {
              throw new PackageParseError('zipBomb', `the entries declare more than ${limits.maxTotalUncompressed} bytes uncompressed in total`);
            }
            if (raw.uncompressedSize >= RATIO_CHECK_MIN_BYTES) {
              const ratio = raw.uncompressedSize / Math.max(1, raw.compressedSize);
              if (ratio > limits.maxRatio) {
                throw new PackageParseError('zipBomb', `entry ${describe(name)} declares a compression ratio of ${Math.round(ratio)} (limit ${limits.maxRatio})`);
              }
            }
            if (raw.relativeOffsetOfLocalHeader + 30 + raw.compressedSize > end.centralDirectoryOffset) {
              throw new PackageParseError('notAPackage', `entry ${describe(name)} extends into the central directory`);
            }
            entries.set(name, {
              name,
              compressedSize: raw.compressedSize,
              uncompressedSize: raw.uncompressedSize,
              compressionMethod: raw.compressionMethod,
              encrypted: (raw.generalPurposeBitFlag & 1) !== 0,
              localHeaderOffset: raw.relativeOffsetOfLocalHeader,
              nameLength: nameRaw.length,
              raw,
            });
            zipfile.readEntry();
          } catch (err) {
            fail(err);
          }
        });
        zipfile.readEntry();
      });
      checkOverlaps([...entries.values()]);
    } catch (err) {
      zipfile.close();
      throw err;
    }
    return new ZipArchive(zipfile, source, end, entries, limits);
  }

  get(name: string): ZipEntryInfo | undefined {
    return this.entries.get(name);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * Reads one entry into memory. Refuses entries declared larger than `maxBytes` (entryTooLarge)
   * and stops inflating as soon as the output passes the declared size (zipBomb).
   */
  async read(entry: ZipEntryInfo, maxBytes = this.limits.maxEntryBytes): Promise<Buffer> {
    const cap = Math.min(maxBytes, this.limits.maxEntryBytes);
    if (entry.uncompressedSize > cap) {
      throw new PackageParseError('entryTooLarge', `entry ${describe(entry.name)} is ${entry.uncompressedSize} bytes (limit ${cap})`);
    }
    if (entry.encrypted) throw new PackageParseError('notAPackage', `entry ${describe(entry.name)} is encrypted`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw new PackageParseError('notAPackage', `entry ${describe(entry.name)} uses unsupported compression method ${entry.compressionMethod}`);
    }
    // A deflate stream never needs much more input than output; a bigger one is lying.
    if (entry.compressionMethod === 8 && entry.compressedSize > entry.uncompressedSize + (entry.uncompressedSize >> 6) + 1024) {
      throw new PackageParseError('zipBomb', `entry ${describe(entry.name)} declares less output than its compressed input: lying header`);
    }
    const cached = this.cache.get(entry.name);
    if (cached) return cached;
    const data = await this.inflate(entry);
    if (data.length <= CACHE_ENTRY_MAX && this.cache.size < 16) this.cache.set(entry.name, data);
    return data;
  }

  private async inflate(entry: ZipEntryInfo): Promise<Buffer> {
    const declared = entry.uncompressedSize;
    const stream = await new Promise<NodeJS.ReadableStream & { destroy(): void }>((resolve, reject) => {
      this.zipfile.openReadStream(entry.raw, (err, s) => (err ? reject(mapZipError(err)) : resolve(s)));
    });
    return await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let length = 0;
      let settled = false;
      const finish = (err: unknown, value?: Buffer) => {
        if (settled) return;
        settled = true;
        if (err) {
          stream.destroy();
          reject(err instanceof PackageParseError ? err : mapInflateError(entry, err));
        } else resolve(value ?? Buffer.alloc(0));
      };
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        length += chunk.length;
        if (length > declared) {
          finish(new PackageParseError('zipBomb', `entry ${describe(entry.name)} inflates beyond its declared ${declared} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (err: unknown) => finish(err));
      stream.on('end', () => {
        if (length !== declared) {
          finish(new PackageParseError('truncated', `entry ${describe(entry.name)} has ${length} bytes, ${declared} declared: damaged zip`));
          return;
        }
        finish(null, Buffer.concat(chunks, length));
      });
    });
  }

  /** Reads a named entry, or null when it does not exist. */
  async readIfPresent(name: string, maxBytes?: number): Promise<Buffer | null> {
    const entry = this.entries.get(name);
    if (!entry) return null;
    return this.read(entry, maxBytes);
  }

  close(): void {
    this.zipfile.close();
  }
}

function mapInflateError(entry: ZipEntryInfo, err: unknown): PackageParseError {
  if (err instanceof PackageParseError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/unexpected EOF|unexpected end|overflows file bounds/i.test(message)) {
    return new PackageParseError('truncated', `entry ${describe(entry.name)} is cut short: ${message}`);
  }
  return new PackageParseError('notAPackage', `entry ${describe(entry.name)} cannot be read: ${message}`);
}

/** Entries whose data would overlap are the signature of "flat" zip bombs (and of tampering). */
function checkOverlaps(entries: ZipEntryInfo[]): void {
  const sorted = entries.filter((e) => !e.name.endsWith('/') || e.compressedSize > 0).sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    // Lower bound of the previous entry's extent: local header + name + data (extra fields ignored).
    const prevEnd = prev.localHeaderOffset + 30 + prev.nameLength + prev.compressedSize;
    if (cur.localHeaderOffset < prevEnd) {
      throw new PackageParseError('zipBomb', `entries ${describe(prev.name)} and ${describe(cur.name)} overlap`);
    }
  }
}
