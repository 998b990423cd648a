// resources.arsc: just enough of the resource table to resolve one resource id into its
// values per configuration (language, country, density). Used for the label and the icon.

import { StringPool, typedValue, type XmlValue } from './axml';

export interface ResourceConfig {
  language: string;
  country: string;
  density: number;
}

export interface ResourceValue {
  config: ResourceConfig;
  value: XmlValue;
}

export const DENSITY_ANY = 0xfffe;
export const DENSITY_NONE = 0xffff;

interface TypeChunk {
  at: number;
  typeId: number;
  flags: number;
  entryCount: number;
  entriesStart: number;
  headerSize: number;
  config: ResourceConfig;
}

interface PackageInfo {
  id: number;
  name: string;
  types: TypeChunk[];
}

export class ArscError extends Error {}

function readConfig(buf: Buffer, at: number, limit: number): ResourceConfig {
  const size = buf.readUInt32LE(at);
  const lang = size >= 12 && at + 12 <= limit ? buf.subarray(at + 8, at + 10) : Buffer.alloc(2);
  const country = size >= 12 && at + 12 <= limit ? buf.subarray(at + 10, at + 12) : Buffer.alloc(2);
  const density = size >= 16 && at + 16 <= limit ? buf.readUInt16LE(at + 14) : 0;
  const text = (b: Buffer) => (b[0] === 0 ? '' : (b[0]! & 0x80) !== 0 ? 'packed' : b.toString('latin1').replace(/\0/g, ''));
  return { language: text(lang), country: text(country), density };
}

export class ResourceTable {
  private readonly strings: StringPool | null;
  private readonly packages: PackageInfo[] = [];

  constructor(private readonly buf: Buffer) {
    if (buf.length < 12 || buf.readUInt16LE(0) !== 0x0002) throw new ArscError('not a resource table');
    const headerSize = buf.readUInt16LE(2);
    const end = Math.min(buf.readUInt32LE(4) || buf.length, buf.length);
    let strings: StringPool | null = null;
    let p = headerSize;
    while (p + 8 <= end) {
      const type = buf.readUInt16LE(p);
      const size = buf.readUInt32LE(p + 4);
      if (size < 8 || p + size > end) throw new ArscError('chunk out of bounds');
      if (type === 0x0001 && !strings) strings = new StringPool(buf, p);
      else if (type === 0x0200) this.packages.push(this.readPackage(p, size));
      p += size;
    }
    this.strings = strings;
  }

  private readPackage(at: number, size: number): PackageInfo {
    const buf = this.buf;
    const headerSize = buf.readUInt16LE(at + 2);
    const id = buf.readUInt32LE(at + 8);
    const name = buf.toString('utf16le', at + 12, at + 12 + 256).replace(/\0.*$/s, '');
    const types: TypeChunk[] = [];
    let p = at + headerSize;
    const end = at + size;
    while (p + 8 <= end) {
      const type = buf.readUInt16LE(p);
      const hsize = buf.readUInt16LE(p + 2);
      const csize = buf.readUInt32LE(p + 4);
      if (csize < 8 || p + csize > end) throw new ArscError('package chunk out of bounds');
      if (type === 0x0201 && hsize >= 20 + 4) {
        types.push({
          at: p,
          typeId: buf[p + 8]!,
          flags: buf[p + 9]!,
          entryCount: buf.readUInt32LE(p + 12),
          entriesStart: buf.readUInt32LE(p + 16),
          headerSize: hsize,
          config: readConfig(buf, p + 20, p + hsize),
        });
      }
      p += csize;
    }
    return { id, name, types };
  }

  /** Every value of a resource id across configurations (complex/bag entries are skipped). */
  resolve(resId: number): ResourceValue[] {
    const pkgId = resId >>> 24;
    const typeId = (resId >>> 16) & 0xff;
    const index = resId & 0xffff;
    const pkg = this.packages.find((p) => p.id === pkgId) ?? (this.packages.length === 1 ? this.packages[0] : undefined);
    if (!pkg) return [];
    const out: ResourceValue[] = [];
    for (const t of pkg.types) {
      if (t.typeId !== typeId) continue;
      const offset = this.entryOffset(t, index);
      if (offset === null) continue;
      const value = this.readEntry(t, offset);
      if (value) out.push({ config: t.config, value });
    }
    return out;
  }

  private entryOffset(t: TypeChunk, index: number): number | null {
    const buf = this.buf;
    const table = t.at + t.headerSize;
    const chunkEnd = t.at + buf.readUInt32LE(t.at + 4);
    if (t.flags & 0x01) {
      // Sparse: sorted (u16 index, u16 offset/4) pairs.
      let lo = 0;
      let hi = t.entryCount - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const at = table + mid * 4;
        if (at + 4 > chunkEnd) return null;
        const idx = buf.readUInt16LE(at);
        if (idx === index) return buf.readUInt16LE(at + 2) * 4;
        if (idx < index) lo = mid + 1;
        else hi = mid - 1;
      }
      return null;
    }
    if (index >= t.entryCount) return null;
    if (t.flags & 0x02) {
      const at = table + index * 2;
      if (at + 2 > chunkEnd) return null;
      const v = buf.readUInt16LE(at);
      return v === 0xffff ? null : v * 4;
    }
    const at = table + index * 4;
    if (at + 4 > chunkEnd) return null;
    const v = buf.readUInt32LE(at);
    return v === 0xffffffff ? null : v;
  }

  private readEntry(t: TypeChunk, offset: number): XmlValue | null {
    const buf = this.buf;
    const at = t.at + t.entriesStart + offset;
    const chunkEnd = t.at + buf.readUInt32LE(t.at + 4);
    if (at + 8 > chunkEnd) return null;
    const size = buf.readUInt16LE(at);
    const flags = buf.readUInt16LE(at + 2);
    if (flags & 0x08) {
      // Compact entry: key in the size slot, type in the high byte of flags, data inline.
      return typedValue(flags >> 8, buf.readUInt32LE(at + 4), this.strings);
    }
    if (flags & 0x01) return null; // complex (bag)
    const v = at + size;
    if (v + 8 > chunkEnd) return null;
    return typedValue(buf[v + 3]!, buf.readUInt32LE(v + 4), this.strings);
  }
}

/** Follows references (bounded) until non-reference values remain. */
export function resolveDeep(table: ResourceTable, resId: number, depth = 0): ResourceValue[] {
  const values = table.resolve(resId);
  if (depth >= 4) return values;
  const out: ResourceValue[] = [];
  for (const v of values) {
    if (v.value.type === 'ref' && v.value.id !== resId && v.value.id !== 0) {
      const inner = resolveDeep(table, v.value.id, depth + 1);
      // Keep the outer configuration's density when the target has only the default config.
      for (const i of inner) out.push({ config: i.config.density || i.config.language ? i.config : v.config, value: i.value });
    } else out.push(v);
  }
  return out;
}

/** The default-configuration string (no language), else English, else the first. */
export function pickString(values: ResourceValue[]): string | null {
  const strings = values.filter((v): v is ResourceValue & { value: { type: 'string'; value: string } } => v.value.type === 'string');
  const pick =
    strings.find((v) => !v.config.language && !v.config.country) ?? strings.find((v) => v.config.language === 'en') ?? strings[0];
  return pick ? pick.value.value : null;
}

const RASTER = /\.(png|webp|jpe?g)$/i;

/** Raster file paths ordered best first (highest density; nodpi/anydpi last); XML paths after. */
export function rankIconPaths(values: Array<{ density: number; path: string }>): string[] {
  const score = (d: number) => (d === DENSITY_ANY || d === DENSITY_NONE ? 1 : d === 0 ? 160 : d);
  const raster = values.filter((v) => RASTER.test(v.path) && !v.path.endsWith('.9.png')).sort((a, b) => score(b.density) - score(a.density));
  const other = values.filter((v) => !RASTER.test(v.path));
  return [...new Set([...raster.map((v) => v.path), ...other.map((v) => v.path)])];
}
