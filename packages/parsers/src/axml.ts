// Android binary XML (AXML), as compiled by aapt/aapt2 into APKs: string pool (UTF-8 or
// UTF-16), resource map, namespaces, start/end elements with typed attribute values.
// Attributes are identified by resource id first (obfuscated manifests may blank names).

import { PackageParseError } from './types';

export const RES_NULL = 0x00;
export const RES_REFERENCE = 0x01;
export const RES_ATTRIBUTE = 0x02;
export const RES_STRING = 0x03;
export const RES_FLOAT = 0x04;
export const RES_DYNAMIC_REFERENCE = 0x07;
export const RES_INT_DEC = 0x10;
export const RES_INT_HEX = 0x11;
export const RES_INT_BOOLEAN = 0x12;

export type XmlValue =
  | { type: 'string'; value: string }
  | { type: 'int'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'ref'; id: number }
  | { type: 'attr'; id: number }
  | { type: 'other'; dataType: number; data: number };

export interface XmlAttribute {
  namespace: string | null;
  name: string;
  resourceId: number | null;
  value: XmlValue;
}

export interface XmlElement {
  namespace: string | null;
  name: string;
  attributes: XmlAttribute[];
  children: XmlElement[];
}

const MAX_ELEMENTS = 200_000;
const MAX_DEPTH = 256;

function invalid(message: string): PackageParseError {
  return new PackageParseError('manifestInvalid', `binary XML: ${message}`);
}

/** A lazily decoded string pool chunk (shared with resources.arsc). */
export class StringPool {
  private readonly cache = new Map<number, string>();
  readonly count: number;
  private readonly utf8: boolean;
  private readonly offsetsAt: number;
  private readonly stringsAt: number;
  private readonly end: number;

  constructor(
    private readonly buf: Buffer,
    at: number,
  ) {
    if (at + 28 > buf.length) throw invalid('string pool header truncated');
    const headerSize = buf.readUInt16LE(at + 2);
    const size = buf.readUInt32LE(at + 4);
    this.end = at + size;
    if (headerSize < 28 || this.end > buf.length) throw invalid('string pool chunk out of bounds');
    this.count = buf.readUInt32LE(at + 8);
    const flags = buf.readUInt32LE(at + 16);
    this.utf8 = (flags & 0x100) !== 0;
    this.offsetsAt = at + headerSize;
    this.stringsAt = at + buf.readUInt32LE(at + 20);
    if (this.offsetsAt + this.count * 4 > this.end) throw invalid('string pool offsets out of bounds');
  }

  get(index: number): string | null {
    if (index < 0 || index >= this.count || index === 0xffffffff) return null;
    const cached = this.cache.get(index);
    if (cached !== undefined) return cached;
    const buf = this.buf;
    let p = this.stringsAt + buf.readUInt32LE(this.offsetsAt + index * 4);
    let s: string;
    if (this.utf8) {
      if (p + 2 > this.end) throw invalid('string out of bounds');
      // UTF-16 length (skipped), then UTF-8 byte length; each 1 or 2 bytes.
      p += (buf[p]! & 0x80) !== 0 ? 2 : 1;
      let n = buf[p]!;
      if ((n & 0x80) !== 0) {
        n = ((n & 0x7f) << 8) | buf[p + 1]!;
        p += 2;
      } else p += 1;
      if (p + n > this.end) throw invalid('string out of bounds');
      s = buf.toString('utf8', p, p + n);
    } else {
      if (p + 2 > this.end) throw invalid('string out of bounds');
      let n = buf.readUInt16LE(p);
      p += 2;
      if ((n & 0x8000) !== 0) {
        n = ((n & 0x7fff) << 16) | buf.readUInt16LE(p);
        p += 2;
      }
      if (p + n * 2 > this.end) throw invalid('string out of bounds');
      s = buf.toString('utf16le', p, p + n * 2);
    }
    this.cache.set(index, s);
    return s;
  }
}

export function typedValue(dataType: number, data: number, strings: StringPool | null): XmlValue {
  switch (dataType) {
    case RES_STRING: {
      const s = strings?.get(data);
      return s === null || s === undefined ? { type: 'other', dataType, data } : { type: 'string', value: s };
    }
    case RES_INT_DEC:
    case RES_INT_HEX:
      return { type: 'int', value: data | 0 };
    case RES_INT_BOOLEAN:
      return { type: 'bool', value: data !== 0 };
    case RES_REFERENCE:
    case RES_DYNAMIC_REFERENCE:
      return { type: 'ref', id: data >>> 0 };
    case RES_ATTRIBUTE:
      return { type: 'attr', id: data >>> 0 };
    default:
      return { type: 'other', dataType, data: data >>> 0 };
  }
}

export function isBinaryXml(buf: Buffer): boolean {
  return buf.length >= 8 && buf.readUInt16LE(0) === 0x0003 && buf.readUInt16LE(2) >= 8;
}

/** Parses a whole binary XML document and returns its root element. */
export function parseBinaryXml(buf: Buffer): XmlElement {
  if (!isBinaryXml(buf)) {
    if (buf.subarray(0, 64).toString('latin1').trimStart().startsWith('<')) throw invalid('the manifest is text XML, not compiled binary XML');
    throw invalid('not a binary XML document');
  }
  const headerSize = buf.readUInt16LE(2);
  const declared = buf.readUInt32LE(4);
  const end = Math.min(declared || buf.length, buf.length);
  let strings: StringPool | null = null;
  let resourceMap: number[] = [];
  const namespaces: Array<{ prefix: number; uri: number }> = [];
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let elements = 0;
  let p = headerSize;
  while (p + 8 <= end) {
    const type = buf.readUInt16LE(p);
    const hsize = buf.readUInt16LE(p + 2);
    const size = buf.readUInt32LE(p + 4);
    if (size < 8 || hsize < 8 || hsize > size || p + size > end) throw invalid(`chunk 0x${type.toString(16)} at ${p} has an invalid size`);
    switch (type) {
      case 0x0001:
        if (!strings) strings = new StringPool(buf, p);
        break;
      case 0x0180: {
        const n = Math.floor((size - hsize) / 4);
        resourceMap = [];
        for (let i = 0; i < n; i++) resourceMap.push(buf.readUInt32LE(p + hsize + i * 4));
        break;
      }
      case 0x0100:
        if (size >= 24) namespaces.push({ prefix: buf.readUInt32LE(p + 16), uri: buf.readUInt32LE(p + 20) });
        break;
      case 0x0101:
        break;
      case 0x0102: {
        if (++elements > MAX_ELEMENTS) throw invalid('too many elements');
        if (stack.length >= MAX_DEPTH) throw invalid('elements nested too deeply');
        const ext = p + hsize;
        if (ext + 20 > p + size) throw invalid('start element truncated');
        const ns = buf.readUInt32LE(ext);
        const nameIdx = buf.readUInt32LE(ext + 4);
        const attrStart = buf.readUInt16LE(ext + 8);
        const attrSize = buf.readUInt16LE(ext + 10);
        const attrCount = buf.readUInt16LE(ext + 12);
        if (attrCount > 0 && attrSize < 20) throw invalid('attribute size too small');
        if (ext + attrStart + attrCount * attrSize > p + size) throw invalid('attributes out of bounds');
        const element: XmlElement = {
          namespace: strings?.get(ns) ?? null,
          name: strings?.get(nameIdx) ?? '',
          attributes: [],
          children: [],
        };
        for (let i = 0; i < attrCount; i++) {
          const a = ext + attrStart + i * attrSize;
          const aNs = buf.readUInt32LE(a);
          const aName = buf.readUInt32LE(a + 4);
          const raw = buf.readUInt32LE(a + 8);
          const dataType = buf[a + 15]!;
          const data = buf.readUInt32LE(a + 16);
          let value = typedValue(dataType, data, strings);
          if (value.type === 'other' && raw !== 0xffffffff) {
            const rawString = strings?.get(raw);
            if (rawString !== null && rawString !== undefined) value = { type: 'string', value: rawString };
          }
          element.attributes.push({
            namespace: strings?.get(aNs) ?? null,
            name: strings?.get(aName) ?? '',
            resourceId: aName < resourceMap.length ? resourceMap[aName]! : null,
            value,
          });
        }
        const parent = stack[stack.length - 1];
        if (parent) parent.children.push(element);
        else if (!root) root = element;
        stack.push(element);
        break;
      }
      case 0x0103:
        stack.pop();
        break;
      default:
        break; // CDATA and unknown chunks are skipped.
    }
    p += size;
  }
  if (!root) throw invalid('no root element');
  return root;
}

export function findAttr(el: XmlElement, resourceId: number, name: string): XmlAttribute | undefined {
  return el.attributes.find((a) => a.resourceId === resourceId) ?? el.attributes.find((a) => a.name === name && (a.resourceId === null || a.resourceId === 0 || (a.resourceId >>> 24) === 0x01));
}

export function childElements(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}
