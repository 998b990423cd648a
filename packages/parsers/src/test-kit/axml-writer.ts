// Hand-assembles Android binary XML (AXML) and a minimal resources.arsc, following the chunk
// layouts of AOSP's ResourceTypes.h, so the parsers are tested on bytes we control.

export const ANDROID_NS = 'http://schemas.android.com/apk/res/android';

export type AxmlValue =
  | { type: 'string'; value: string }
  | { type: 'int'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'ref'; value: number };

export interface AxmlAttr {
  android?: boolean;
  name: string;
  resId?: number;
  value: AxmlValue;
}

export interface AxmlNode {
  name: string;
  attrs?: AxmlAttr[];
  children?: AxmlNode[];
}

function chunk(type: number, headerSize: number, header: Buffer, body: Buffer): Buffer {
  const h = Buffer.alloc(8);
  h.writeUInt16LE(type, 0);
  h.writeUInt16LE(headerSize, 2);
  h.writeUInt32LE(8 + header.length + body.length, 4);
  return Buffer.concat([h, header, body]);
}

function u32s(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32LE(v >>> 0, i * 4));
  return b;
}

export function stringPool(strings: string[], utf8: boolean): Buffer {
  const data: Buffer[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (const s of strings) {
    offsets.push(at);
    let enc: Buffer;
    if (utf8) {
      const bytes = Buffer.from(s, 'utf8');
      const len = (n: number) => (n > 0x7f ? Buffer.from([0x80 | (n >> 8), n & 0xff]) : Buffer.from([n]));
      enc = Buffer.concat([len(s.length), len(bytes.length), bytes, Buffer.from([0])]);
    } else {
      const len = Buffer.alloc(2);
      len.writeUInt16LE(s.length);
      enc = Buffer.concat([len, Buffer.from(s, 'utf16le'), Buffer.alloc(2)]);
    }
    data.push(enc);
    at += enc.length;
  }
  let body = Buffer.concat(data);
  if (body.length % 4) body = Buffer.concat([body, Buffer.alloc(4 - (body.length % 4))]);
  const header = u32s(strings.length, 0, utf8 ? 0x100 : 0, 28 + strings.length * 4, 0);
  return chunk(0x0001, 28, header, Buffer.concat([u32s(...offsets), body]));
}

function typeCode(v: AxmlValue): number {
  return v.type === 'string' ? 0x03 : v.type === 'int' ? 0x10 : v.type === 'bool' ? 0x12 : 0x01;
}

export interface AxmlOptions {
  utf8?: boolean;
  /** Blank every attribute name string (as obfuscators do): only the resource map identifies them. */
  blankAttributeNames?: boolean;
}

export function buildAxml(root: AxmlNode, options: AxmlOptions = {}): Buffer {
  // Attribute names with resource ids come first so that the resource map lines up.
  const withIds: Array<{ name: string; resId: number }> = [];
  const visit = (n: AxmlNode, fn: (n: AxmlNode) => void) => {
    fn(n);
    n.children?.forEach((c) => visit(c, fn));
  };
  visit(root, (n) =>
    n.attrs?.forEach((a) => {
      if (a.resId !== undefined && !withIds.some((x) => x.resId === a.resId)) withIds.push({ name: a.name, resId: a.resId });
    }),
  );
  const strings: string[] = withIds.map((x, i) => (options.blankAttributeNames ? ' '.repeat(i % 3) : x.name));
  const index = (s: string) => {
    let i = strings.indexOf(s, withIds.length);
    if (i < 0) {
      strings.push(s);
      i = strings.length - 1;
    }
    return i;
  };
  const attrNameIndex = (a: AxmlAttr) => (a.resId !== undefined ? withIds.findIndex((x) => x.resId === a.resId) : index(a.name));
  const nsIdx = index(ANDROID_NS);
  const prefixIdx = index('android');
  const body: Buffer[] = [];
  const emit = (n: AxmlNode) => {
    const attrs = (n.attrs ?? []).map((a) => {
      const raw = a.value.type === 'string' ? index(a.value.value) : 0xffffffff;
      const data =
        a.value.type === 'string' ? raw : a.value.type === 'bool' ? (a.value.value ? 0xffffffff : 0) : a.value.value;
      const b = Buffer.alloc(20);
      b.writeUInt32LE(a.android === false ? 0xffffffff : a.resId !== undefined || a.android ? nsIdx : 0xffffffff, 0);
      b.writeUInt32LE(attrNameIndex(a), 4);
      b.writeUInt32LE(raw >>> 0, 8);
      b.writeUInt16LE(8, 12);
      b.writeUInt8(0, 14);
      b.writeUInt8(typeCode(a.value), 15);
      b.writeUInt32LE(data >>> 0, 16);
      return b;
    });
    const nameIdx = index(n.name);
    const ext = Buffer.alloc(20);
    ext.writeUInt32LE(0xffffffff, 0);
    ext.writeUInt32LE(nameIdx, 4);
    ext.writeUInt16LE(20, 8);
    ext.writeUInt16LE(20, 10);
    ext.writeUInt16LE(attrs.length, 12);
    body.push(chunk(0x0102, 16, u32s(1, 0xffffffff), Buffer.concat([ext, ...attrs])));
    n.children?.forEach(emit);
    body.push(chunk(0x0103, 16, u32s(1, 0xffffffff), u32s(0xffffffff, nameIdx)));
  };
  body.push(chunk(0x0100, 16, u32s(1, 0xffffffff), u32s(prefixIdx, nsIdx)));
  emit(root);
  body.push(chunk(0x0101, 16, u32s(1, 0xffffffff), u32s(prefixIdx, nsIdx)));
  const pool = stringPool(strings, options.utf8 ?? false);
  const map = chunk(0x0180, 8, Buffer.alloc(0), u32s(...withIds.map((x) => x.resId)));
  return chunk(0x0003, 8, Buffer.alloc(0), Buffer.concat([pool, map, ...body]));
}

// ---- resources.arsc --------------------------------------------------------------------------

export interface ArscValue {
  /** Configuration: language ('' default), density (0 default). */
  language?: string;
  density?: number;
  /** A string (TYPE_STRING into the global pool) or a reference. */
  value: { type: 'string'; value: string } | { type: 'ref'; value: number };
}

export interface ArscEntrySpec {
  /** Resource type name ('string', 'mipmap', 'drawable'...). */
  type: string;
  name: string;
  values: ArscValue[];
}

/**
 * A resources.arsc with one package (id 0x7f): type ids are assigned in order of first use
 * (1, 2, ...), entry ids in order within each type. Returns the bytes and the resource ids.
 */
export function buildArsc(packageName: string, entries: ArscEntrySpec[]): { bytes: Buffer; ids: Record<string, number> } {
  const typeNames: string[] = [];
  const keyNames: string[] = [];
  const globalStrings: string[] = [];
  const ids: Record<string, number> = {};
  const perType = new Map<string, ArscEntrySpec[]>();
  for (const e of entries) {
    if (!typeNames.includes(e.type)) typeNames.push(e.type);
    if (!keyNames.includes(e.name)) keyNames.push(e.name);
    const list = perType.get(e.type) ?? [];
    list.push(e);
    perType.set(e.type, list);
    ids[`${e.type}/${e.name}`] = (0x7f << 24) | ((typeNames.indexOf(e.type) + 1) << 16) | (list.length - 1);
    for (const v of e.values) if (v.value.type === 'string' && !globalStrings.includes(v.value.value)) globalStrings.push(v.value.value);
  }
  const typeChunks: Buffer[] = [];
  typeNames.forEach((typeName, ti) => {
    const list = perType.get(typeName)!;
    // typeSpec
    const specHeader = Buffer.alloc(8);
    specHeader.writeUInt8(ti + 1, 0);
    specHeader.writeUInt32LE(list.length, 4);
    typeChunks.push(chunk(0x0202, 16, specHeader, u32s(...list.map(() => 0))));
    // One type chunk per distinct configuration.
    const configs: Array<{ language: string; density: number }> = [];
    for (const e of list) for (const v of e.values) {
      const c = { language: v.language ?? '', density: v.density ?? 0 };
      if (!configs.some((x) => x.language === c.language && x.density === c.density)) configs.push(c);
    }
    for (const config of configs) {
      const offsets: number[] = [];
      const data: Buffer[] = [];
      let at = 0;
      for (const e of list) {
        const v = e.values.find((x) => (x.language ?? '') === config.language && (x.density ?? 0) === config.density);
        if (!v) {
          offsets.push(0xffffffff);
          continue;
        }
        offsets.push(at);
        const entry = Buffer.alloc(16);
        entry.writeUInt16LE(8, 0);
        entry.writeUInt16LE(0, 2);
        entry.writeUInt32LE(keyNames.indexOf(e.name), 4);
        entry.writeUInt16LE(8, 8);
        entry.writeUInt8(v.value.type === 'string' ? 0x03 : 0x01, 11);
        entry.writeUInt32LE(v.value.type === 'string' ? globalStrings.indexOf(v.value.value) : v.value.value >>> 0, 12);
        data.push(entry);
        at += 16;
      }
      const cfg = Buffer.alloc(64);
      cfg.writeUInt32LE(64, 0);
      if (config.language) cfg.write(config.language.padEnd(2, '\0').slice(0, 2), 8, 'latin1');
      cfg.writeUInt16LE(config.density, 14);
      const header = Buffer.alloc(12);
      header.writeUInt8(ti + 1, 0);
      header.writeUInt32LE(list.length, 4);
      header.writeUInt32LE(8 + 12 + 64 + list.length * 4, 8);
      typeChunks.push(chunk(0x0201, 8 + 12 + 64, Buffer.concat([header, cfg]), Buffer.concat([u32s(...offsets), ...data])));
    }
  });
  const typePool = stringPool(typeNames, false);
  const keyPool = stringPool(keyNames, true);
  const pkgHeaderSize = 288;
  const pkgHeader = Buffer.alloc(pkgHeaderSize - 8);
  pkgHeader.writeUInt32LE(0x7f, 0);
  pkgHeader.write(packageName, 4, 'utf16le');
  pkgHeader.writeUInt32LE(pkgHeaderSize, 260); // typeStrings
  pkgHeader.writeUInt32LE(typeNames.length, 264);
  pkgHeader.writeUInt32LE(pkgHeaderSize + typePool.length, 268); // keyStrings
  pkgHeader.writeUInt32LE(keyNames.length, 272);
  const pkg = chunk(0x0200, pkgHeaderSize, pkgHeader, Buffer.concat([typePool, keyPool, ...typeChunks]));
  const tableHeader = u32s(1);
  const bytes = chunk(0x0002, 12, tableHeader, Buffer.concat([stringPool(globalStrings, true), pkg]));
  return { bytes, ids };
}
