// Helpers shared by the kind parsers.

import { MAX_ICON_BYTES, PackageParseError, type ParsedIcon, type ParsedPackage, type PackageKind, type ParseLimits } from './types';
import type { RandomSource } from './io';
import type { ZipArchive } from './zip';

export interface ParseContext {
  source: RandomSource;
  limits: ParseLimits;
  signal: AbortSignal;
  fileName: string;
}

export function sniffImage(bytes: Buffer): ParsedIcon['mime'] | null {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Reads the first candidate entry that exists, is small enough and is a PNG/WebP/JPEG. */
export async function readIcon(zip: ZipArchive, candidates: string[]): Promise<ParsedIcon | null> {
  for (const name of candidates.slice(0, 16)) {
    const entry = zip.get(name);
    if (!entry || entry.uncompressedSize > MAX_ICON_BYTES || entry.uncompressedSize === 0) continue;
    let bytes: Buffer;
    try {
      bytes = await zip.read(entry, MAX_ICON_BYTES);
    } catch (err) {
      // A broken icon is not a broken package; hostile structure still is.
      if (err instanceof PackageParseError && (err.reason === 'zipBomb' || err.reason === 'timeout')) throw err;
      continue;
    }
    const mime = sniffImage(bytes);
    if (mime) return { entry: name, mime, bytes };
  }
  return null;
}

export function emptyResult(kind: PackageKind): ParsedPackage {
  return {
    kind,
    packageName: null,
    versionCode: null,
    versionName: null,
    minSdk: null,
    targetSdk: null,
    permissions: [],
    label: null,
    icon: null,
    debuggable: false,
    signing: { schemes: [], certificates: [] },
    extra: {},
  };
}

export function asString(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

export function asInt(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return null;
}

export function asRecord(v: unknown): Record<string, unknown> | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

export function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** Parses a JSON entry; refuses with manifestInvalid when it is not an object. */
export function parseJsonObject(bytes: Buffer, what: string): Record<string, unknown> {
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new PackageParseError('manifestInvalid', `${what} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const record = asRecord(parsed);
  if (!record) throw new PackageParseError('manifestInvalid', `${what} is not a JSON object`);
  return record;
}

export function uniq<T>(items: T[]): T[] {
  return [...new Set(items)];
}
