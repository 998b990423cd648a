// PC EXE (PE/COFF): headers, the VS_VERSION_INFO resource (FileVersion, ProductVersion,
// ProductName, CompanyName, OriginalFilename...), the largest PNG icon, and the Authenticode
// certificates. Only the headers, the resource directory entries on the way and the chosen
// data blobs are read, never the whole file.

import { describeCertificate, parseSignedData } from './der';
import { emptyResult, sniffImage, type ParseContext } from './common';
import { MAX_ICON_BYTES, PackageParseError, type ParsedPackage, type SignerCertificate } from './types';

const RT_ICON = 3;
const RT_VERSION = 16;
const MAX_VERSION_BYTES = 1024 * 1024;
const MAX_RESOURCE_ENTRIES = 4096;

interface Section {
  name: string;
  virtualAddress: number;
  virtualSize: number;
  rawSize: number;
  rawPointer: number;
}

const MACHINES: Record<number, string> = { 0x14c: 'x86', 0x8664: 'x64', 0xaa64: 'arm64', 0x1c0: 'arm', 0x1c4: 'armnt', 0x200: 'ia64' };
const SUBSYSTEMS: Record<number, string> = { 2: 'gui', 3: 'console', 9: 'wince', 10: 'efi' };

export async function parseExe(ctx: ParseContext): Promise<ParsedPackage> {
  const { source } = ctx;
  const result = emptyResult('exe');
  if (source.size < 64) throw new PackageParseError(source.size >= 2 ? 'truncated' : 'notAPackage', 'the file is too small to be a Windows executable');
  const dos = await source.read(0, 64);
  if (dos.toString('latin1', 0, 2) !== 'MZ') throw new PackageParseError('notAPackage', 'not a Windows executable (no MZ header)');
  const peOffset = dos.readUInt32LE(0x3c);
  if (peOffset < 64 || peOffset > 16 * 1024 * 1024) throw new PackageParseError('notAPackage', 'an MZ file without a PE header (DOS program or damaged)');
  if (peOffset + 24 > source.size) throw new PackageParseError('truncated', 'the PE header lies beyond the end of the file: truncated upload?');
  const coff = await source.read(peOffset, 24);
  if (coff.readUInt32LE(0) !== 0x00004550) throw new PackageParseError('notAPackage', 'an MZ file without a PE signature (DOS program or damaged)');
  const machine = coff.readUInt16LE(4);
  const sectionCount = coff.readUInt16LE(6);
  const timestamp = coff.readUInt32LE(8);
  const optionalSize = coff.readUInt16LE(20);
  const characteristics = coff.readUInt16LE(22);
  if (sectionCount > 96 || optionalSize < 96 || optionalSize > 4096) throw new PackageParseError('notAPackage', 'the PE header is damaged');
  const optionalAt = peOffset + 24;
  const sectionsAt = optionalAt + optionalSize;
  if (sectionsAt + sectionCount * 40 > source.size) throw new PackageParseError('truncated', 'the PE section table is cut short: truncated upload?');
  const optional = await source.read(optionalAt, optionalSize);
  const magic = optional.readUInt16LE(0);
  if (magic !== 0x10b && magic !== 0x20b) throw new PackageParseError('notAPackage', 'unknown PE optional header');
  const pe32plus = magic === 0x20b;
  const subsystem = optional.readUInt16LE(68);
  const dirCountAt = pe32plus ? 108 : 92;
  const dirsAt = dirCountAt + 4;
  const dirCount = Math.min(optional.readUInt32LE(dirCountAt), 16, Math.floor((optionalSize - dirsAt) / 8));
  const dir = (i: number) => (i < dirCount ? { rva: optional.readUInt32LE(dirsAt + i * 8), size: optional.readUInt32LE(dirsAt + i * 8 + 4) } : { rva: 0, size: 0 });
  const table = await source.read(sectionsAt, sectionCount * 40);
  const sections: Section[] = [];
  for (let i = 0; i < sectionCount; i++) {
    const s = i * 40;
    sections.push({
      name: table.toString('latin1', s, s + 8).replace(/\0+$/, ''),
      virtualSize: table.readUInt32LE(s + 8),
      virtualAddress: table.readUInt32LE(s + 12),
      rawSize: table.readUInt32LE(s + 16),
      rawPointer: table.readUInt32LE(s + 20),
    });
  }
  const toOffset = (rva: number, length: number): number | null => {
    for (const s of sections) {
      const span = Math.max(s.virtualSize, s.rawSize);
      if (rva >= s.virtualAddress && rva + length <= s.virtualAddress + span) {
        const off = s.rawPointer + (rva - s.virtualAddress);
        if (rva - s.virtualAddress + length > s.rawSize || off + length > source.size) return null;
        return off;
      }
    }
    return null;
  };
  const readRva = async (rva: number, length: number): Promise<Buffer | null> => {
    const off = toOffset(rva, length);
    return off === null ? null : source.read(off, length);
  };

  result.extra = {
    machine: MACHINES[machine] ?? `0x${machine.toString(16)}`,
    format: pe32plus ? 'PE32+' : 'PE32',
    subsystem: SUBSYSTEMS[subsystem] ?? subsystem,
    dll: (characteristics & 0x2000) !== 0,
    timestamp: timestamp ? new Date(timestamp * 1000).toISOString() : null,
    sections: sections.map((s) => s.name),
    versionInfo: false,
  };

  // Resources: walk type → name → language directories, collecting data entries of the types we want.
  const res = dir(2);
  const found: Record<number, Array<{ rva: number; size: number }>> = { [RT_VERSION]: [], [RT_ICON]: [] };
  if (res.rva && res.size) {
    const base = res.rva;
    let visited = 0;
    const readDir = async (rva: number): Promise<Array<{ id: number | null; offset: number; isDir: boolean }>> => {
      const head = await readRva(rva, 16);
      if (!head) return [];
      const count = head.readUInt16LE(12) + head.readUInt16LE(14);
      if (count === 0) return [];
      visited += count;
      if (visited > MAX_RESOURCE_ENTRIES) throw new PackageParseError('notAPackage', 'the resource directory is too large or loops');
      const entries = await readRva(rva + 16, count * 8);
      if (!entries) return [];
      const out: Array<{ id: number | null; offset: number; isDir: boolean }> = [];
      for (let i = 0; i < count; i++) {
        const nameField = entries.readUInt32LE(i * 8);
        const offsetField = entries.readUInt32LE(i * 8 + 4);
        out.push({ id: nameField & 0x80000000 ? null : nameField, offset: offsetField & 0x7fffffff, isDir: (offsetField & 0x80000000) !== 0 });
      }
      return out;
    };
    for (const type of await readDir(base)) {
      if (!type.isDir || (type.id !== RT_VERSION && type.id !== RT_ICON)) continue;
      for (const name of await readDir(base + type.offset)) {
        const langs = name.isDir ? await readDir(base + name.offset) : [name];
        for (const lang of langs) {
          if (lang.isDir) continue;
          const data = await readRva(base + lang.offset, 16);
          if (data) found[type.id]!.push({ rva: data.readUInt32LE(0), size: data.readUInt32LE(4) });
        }
      }
    }
  }

  const version = found[RT_VERSION]![0];
  if (version && version.size > 0 && version.size <= MAX_VERSION_BYTES) {
    const data = await readRva(version.rva, version.size);
    if (data) {
      const info = parseVersionInfo(data);
      if (info) {
        const s = info.strings;
        result.extra.versionInfo = true;
        result.extra.fileVersion = s.FileVersion ?? info.fileVersion;
        result.extra.productVersion = s.ProductVersion ?? info.productVersion;
        result.extra.fixedFileVersion = info.fileVersion;
        result.extra.fixedProductVersion = info.productVersion;
        for (const key of ['ProductName', 'CompanyName', 'FileDescription', 'OriginalFilename', 'InternalName', 'LegalCopyright']) {
          if (s[key]) result.extra[key[0]!.toLowerCase() + key.slice(1)] = s[key];
        }
        result.versionName = s.ProductVersion?.trim() || s.FileVersion?.trim() || info.productVersion || info.fileVersion || null;
        result.label = s.ProductName?.trim() || s.FileDescription?.trim() || null;
      }
    }
  }

  // The largest PNG-compressed icon image (Vista+ icons keep 256px images as PNG).
  const icons = found[RT_ICON]!.filter((i) => i.size > 8 && i.size <= MAX_ICON_BYTES).sort((a, b) => b.size - a.size);
  for (const icon of icons.slice(0, 4)) {
    const bytes = await readRva(icon.rva, icon.size);
    if (bytes && sniffImage(bytes) === 'image/png') {
      result.icon = { entry: `RT_ICON@0x${icon.rva.toString(16)}`, mime: 'image/png', bytes };
      break;
    }
  }

  // Authenticode: the security directory holds a file offset (not an RVA) to WIN_CERTIFICATE records.
  const security = dir(4);
  if (security.rva && security.size >= 8 && security.size <= 1024 * 1024 && security.rva + security.size <= source.size) {
    const blob = await source.read(security.rva, security.size);
    const certificates: SignerCertificate[] = [];
    let p = 0;
    while (p + 8 <= blob.length) {
      const length = blob.readUInt32LE(p);
      const type = blob.readUInt16LE(p + 6);
      if (length < 8 || p + length > blob.length) break;
      if (type === 2) {
        try {
          for (const cert of parseSignedData(blob.subarray(p + 8, p + length)).signerCertificates) {
            const d = describeCertificate(cert);
            if (!certificates.some((c) => c.sha256 === d.sha256)) certificates.push(d);
          }
        } catch {
          // an unreadable signature is reported as unsigned
        }
      }
      p += (length + 7) & ~7;
    }
    if (certificates.length) {
      result.signing.certificates = certificates;
      result.extra.authenticode = true;
    }
  }
  return result;
}

interface VersionInfo {
  fileVersion: string | null;
  productVersion: string | null;
  strings: Record<string, string>;
}

/** Parses VS_VERSION_INFO: the fixed file info and the first StringTable's strings. */
export function parseVersionInfo(buf: Buffer): VersionInfo | null {
  const align = (n: number) => (n + 3) & ~3;
  const readKey = (at: number, end: number): { key: string; next: number } => {
    let p = at;
    while (p + 1 < end && buf.readUInt16LE(p) !== 0) p += 2;
    return { key: buf.toString('utf16le', at, p), next: align(p + 2) };
  };
  if (buf.length < 6) return null;
  const total = Math.min(buf.readUInt16LE(0), buf.length);
  const valueLength = buf.readUInt16LE(2);
  const { key, next } = readKey(6, total);
  if (key !== 'VS_VERSION_INFO') return null;
  let fileVersion: string | null = null;
  let productVersion: string | null = null;
  if (valueLength >= 52 && next + 52 <= total && buf.readUInt32LE(next) === 0xfeef04bd) {
    const v = (ms: number, ls: number) => `${ms >>> 16}.${ms & 0xffff}.${ls >>> 16}.${ls & 0xffff}`;
    fileVersion = v(buf.readUInt32LE(next + 8), buf.readUInt32LE(next + 12));
    productVersion = v(buf.readUInt32LE(next + 16), buf.readUInt32LE(next + 20));
  }
  const strings: Record<string, string> = {};
  let p = align(next + valueLength);
  let guard = 0;
  while (p + 6 <= total && guard++ < 64) {
    const length = buf.readUInt16LE(p);
    if (length < 6 || p + length > total) break;
    const child = readKey(p + 6, p + length);
    if (child.key === 'StringFileInfo') {
      // StringTables (one per language/codepage); the first one is used.
      let t = child.next;
      const tableEnd = p + length;
      if (t + 6 <= tableEnd) {
        const tableLength = buf.readUInt16LE(t);
        const table = readKey(t + 6, Math.min(t + tableLength, tableEnd));
        let s = table.next;
        const sEnd = Math.min(t + tableLength, tableEnd);
        let count = 0;
        while (s + 6 <= sEnd && count++ < 256) {
          const sLength = buf.readUInt16LE(s);
          const sValueLength = buf.readUInt16LE(s + 2);
          if (sLength < 6 || s + sLength > sEnd) break;
          const name = readKey(s + 6, s + sLength);
          if (sValueLength > 0 && name.next < s + sLength) {
            let e = name.next;
            while (e + 1 < s + sLength && buf.readUInt16LE(e) !== 0) e += 2;
            strings[name.key] = buf.toString('utf16le', name.next, e);
          }
          s = align(s + sLength);
        }
        t = align(t + tableLength);
      }
    }
    p = align(p + length);
  }
  return { fileVersion, productVersion, strings };
}
