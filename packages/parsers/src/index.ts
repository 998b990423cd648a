// Package parsers: bounded, real parsing of uploaded app packages (APK, AAB, HAP, APP, RPK,
// EXE, OBB, WPK). Reading is bounded in memory and time whatever the file: only the zip's end
// record and central directory, the signing block before it and the few entries needed are
// read, entries are never inflated past the limits, and the whole parse runs under a timeout.

import { basename } from 'node:path';
import { parseAab } from './aab';
import { parseApk } from './apk';
import { isBinaryXml } from './axml';
import { parseJsonObject, type ParseContext } from './common';
import { parseObb, parseWpk } from './containers';
import { parseApp, parseHap } from './harmony';
import { FileSource, type RandomSource } from './io';
import { parseExe } from './pe';
import { isQuickAppManifest, parseRpk } from './rpk';
import {
  DEFAULT_LIMITS,
  PACKAGE_KINDS,
  PackageParseError,
  type PackageKind,
  type ParsedPackage,
  type ParseLimits,
  type ParseOptions,
} from './types';
import { ZipArchive } from './zip';

export {
  DEFAULT_LIMITS,
  PACKAGE_KINDS,
  PackageParseError,
  type PackageKind,
  type ParsedIcon,
  type ParsedPackage,
  type ParseFailureReason,
  type ParseLimits,
  type ParseOptions,
  type SignerCertificate,
  type SigningScheme,
} from './types';
export { decodeApiVersion } from './harmony';
export { parseObbName } from './containers';

type Probe = { container: 'pe' } | { container: 'zip'; zip: ZipArchive } | { container: 'other' };

async function probe(source: RandomSource, limits: ParseLimits, kindHint?: PackageKind): Promise<Probe> {
  if (source.size === 0) throw new PackageParseError('notAPackage', 'the file is empty');
  const head = await source.read(0, Math.min(4, source.size));
  if (head.length >= 2 && head[0] === 0x4d && head[1] === 0x5a) return { container: 'pe' };
  if (kindHint === 'obb') return { container: 'other' };
  return { container: 'zip', zip: await ZipArchive.open(source, limits) };
}

/** What kind of package a zip is, from its central directory (and at most one small entry). */
async function classifyZip(zip: ZipArchive, fileName: string): Promise<PackageKind | null> {
  if (zip.has('AndroidManifest.xml')) {
    const entry = zip.get('AndroidManifest.xml')!;
    if (entry.uncompressedSize <= 4 * 1024 * 1024) {
      const head = await zip.read(entry, 4 * 1024 * 1024);
      if (isBinaryXml(head)) return 'apk';
      return null; // a text manifest: a source archive, not an APK
    }
    return 'apk';
  }
  if (zip.has('base/manifest/AndroidManifest.xml')) return 'aab';
  const names = zip.names();
  const ext = fileName.toLowerCase().split('.').pop();
  if (zip.has('pack.info') && names.some((n) => /^[^/]+\.(hap|hsp)$/.test(n))) return 'app';
  if (zip.has('module.json') || (zip.has('config.json') && (zip.has('pack.info') || zip.has('resources.index')))) {
    return ext === 'wpk' ? 'wpk' : 'hap';
  }
  if (ext === 'wpk') return 'wpk';
  const manifest = zip.get('manifest.json');
  if (manifest && manifest.uncompressedSize <= 4 * 1024 * 1024) {
    try {
      if (isQuickAppManifest(parseJsonObject(await zip.read(manifest), 'manifest.json'))) return 'rpk';
    } catch (err) {
      if (err instanceof PackageParseError && err.reason !== 'manifestInvalid') throw err;
    }
  }
  if (!manifest && names.length > 0 && names.every((n) => n.endsWith('/') || /^[^/]+\.rpk$/.test(n) || n.startsWith('META-INF/'))) {
    if (names.some((n) => n.endsWith('.rpk'))) return 'rpk';
  }
  return null;
}

async function withTimeout<T>(timeoutMs: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new PackageParseError('timeout', `package parsing took longer than ${timeoutMs} ms and was stopped`));
    }, timeoutMs);
  });
  const running = work(controller.signal);
  running.catch(() => undefined); // settled after a timeout: nobody awaits it any more
  try {
    return await Promise.race([running, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function resolveLimits(partial?: Partial<ParseLimits>): ParseLimits {
  const limits = { ...DEFAULT_LIMITS, ...partial };
  for (const [key, value] of Object.entries(limits)) {
    if (typeof value !== 'number' || !(value > 0)) throw new TypeError(`parse limit ${key} must be a positive number`);
  }
  return limits;
}

function normaliseError(err: unknown): PackageParseError {
  if (err instanceof PackageParseError) return err;
  if (err instanceof RangeError) return new PackageParseError('manifestInvalid', `malformed package data: ${err.message}`);
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'EISDIR') return new PackageParseError('notAPackage', `cannot open the package file (${code})`);
  throw err;
}

/**
 * Detects the kind of package by magic bytes and zip contents (and the file name for OBB/WPK).
 * Returns null when the file is not a package of a supported kind; throws PackageParseError for
 * hostile or damaged files (zipBomb, pathTraversal, truncated, entryTooLarge, timeout).
 */
export async function detectKind(filePath: string, fileName?: string): Promise<PackageKind | null> {
  const name = fileName ?? basename(filePath);
  const limits = DEFAULT_LIMITS;
  try {
    return await withTimeout(limits.timeoutMs, async (signal) => {
      const source = await FileSource.open(filePath, { signal });
      let zip: ZipArchive | null = null;
      try {
        if (name.toLowerCase().endsWith('.obb')) return source.size > 0 ? 'obb' : null;
        const p = await probe(source, limits);
        if (p.container === 'pe') return 'exe';
        if (p.container !== 'zip') return null;
        zip = p.zip;
        return await classifyZip(zip, name);
      } finally {
        zip?.close();
        await source.close();
      }
    });
  } catch (err) {
    const e = normaliseError(err);
    if (e.reason === 'notAPackage' || e.reason === 'unsupportedKind' || e.reason === 'manifestInvalid') return null;
    throw e;
  }
}

/**
 * Parses an uploaded package. Throws PackageParseError with a reason for everything that is not
 * a readable package of a supported kind (or not of `options.kind` when given).
 */
export async function parsePackage(filePath: string, options: ParseOptions = {}): Promise<ParsedPackage> {
  const limits = resolveLimits(options.limits);
  if (options.kind !== undefined && !PACKAGE_KINDS.includes(options.kind)) {
    throw new PackageParseError('unsupportedKind', `unsupported package kind ${JSON.stringify(options.kind)}`);
  }
  const fileName = options.fileName ?? basename(filePath);
  try {
    return await withTimeout(limits.timeoutMs, async (signal) => {
      const source = await FileSource.open(filePath, { signal, onRead: options.onRead });
      let zip: ZipArchive | null = null;
      try {
        const ctx: ParseContext = { source, limits, signal, fileName };
        const hint = options.kind ?? (fileName.toLowerCase().endsWith('.obb') ? 'obb' : undefined);
        if (hint === 'obb') return await parseObb(ctx);
        const p = await probe(source, limits, hint);
        if (p.container === 'pe') {
          if (hint && hint !== 'exe') throw new PackageParseError('notAPackage', `expected ${hint.toUpperCase()}, got a Windows executable`);
          return await parseExe(ctx);
        }
        if (p.container !== 'zip') throw new PackageParseError('notAPackage', 'not a package');
        zip = p.zip;
        if (hint === 'exe') throw new PackageParseError('notAPackage', 'expected a Windows executable, got a zip archive');
        const detected = await classifyZip(zip, fileName);
        const kind = hint ?? detected;
        if (!kind) {
          throw new PackageParseError('unsupportedKind', 'a zip archive, but not a package of a supported kind (APK, AAB, HAP, APP, RPK, WPK)');
        }
        if (hint && detected && detected !== hint && !(hint === 'wpk')) {
          throw new PackageParseError('notAPackage', `expected ${hint.toUpperCase()}, got ${detected.toUpperCase()}`);
        }
        switch (kind) {
          case 'apk':
            return await parseApk(zip, ctx);
          case 'aab':
            return await parseAab(zip, ctx);
          case 'hap':
            return await parseHap(zip, ctx);
          case 'app':
            return await parseApp(zip, ctx);
          case 'rpk':
            return await parseRpk(zip, ctx);
          case 'wpk':
            return await parseWpk(zip);
          default:
            throw new PackageParseError('unsupportedKind', `unsupported package kind ${kind}`);
        }
      } finally {
        zip?.close();
        await source.close();
      }
    });
  } catch (err) {
    throw normaliseError(err);
  }
}
