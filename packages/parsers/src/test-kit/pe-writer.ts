// Builds a minimal PE32+ executable with a .rsrc section holding VS_VERSION_INFO and an
// RT_ICON image, following the PE/COFF specification's layouts.

function pad4(b: Buffer): Buffer {
  return b.length % 4 ? Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]) : b;
}

function versionNode(key: string, value: Buffer | null, text: boolean, children: Buffer[]): Buffer {
  const keyBytes = Buffer.from(`${key}\0`, 'utf16le');
  const head = pad4(Buffer.concat([Buffer.alloc(6), keyBytes]));
  const valueBytes = value ? pad4(value) : Buffer.alloc(0);
  const body = Buffer.concat([head, valueBytes, ...children.map(pad4)]);
  body.writeUInt16LE(body.length, 0);
  body.writeUInt16LE(value ? (text ? value.length / 2 : value.length) : 0, 2);
  body.writeUInt16LE(text ? 1 : 0, 4);
  return body;
}

export function versionInfo(strings: Record<string, string>, fixed: [number, number, number, number]): Buffer {
  const ffi = Buffer.alloc(52);
  ffi.writeUInt32LE(0xfeef04bd, 0);
  ffi.writeUInt32LE(0x00010000, 4);
  const [a, b, c, d] = fixed;
  ffi.writeUInt32LE(((a << 16) | b) >>> 0, 8);
  ffi.writeUInt32LE(((c << 16) | d) >>> 0, 12);
  ffi.writeUInt32LE(((a << 16) | b) >>> 0, 16);
  ffi.writeUInt32LE(((c << 16) | d) >>> 0, 20);
  ffi.writeUInt32LE(0x40004, 40); // VOS_NT_WINDOWS32
  ffi.writeUInt32LE(1, 44); // VFT_APP
  const items = Object.entries(strings).map(([k, v]) => versionNode(k, Buffer.from(`${v}\0`, 'utf16le'), true, []));
  const table = versionNode('040904b0', null, true, items);
  const sfi = versionNode('StringFileInfo', null, true, [table]);
  const translation = Buffer.alloc(4);
  translation.writeUInt16LE(0x0409, 0);
  translation.writeUInt16LE(0x04b0, 2);
  const vfi = versionNode('VarFileInfo', null, true, [versionNode('Translation', translation, false, [])]);
  return versionNode('VS_VERSION_INFO', ffi, false, [sfi, vfi]);
}

export interface PeOptions {
  version?: Buffer;
  icon?: Buffer;
  /** A PKCS#7 SignedData appended as an Authenticode WIN_CERTIFICATE (security directory). */
  authenticode?: Buffer;
}

const RSRC_RVA = 0x1000;
const RSRC_FILE_OFFSET = 0x400;

/** Resource section: root → type → id 1 → language 0x409 → data, for each present resource. */
function resourceSection(resources: Array<{ type: number; data: Buffer }>): Buffer {
  const dirSize = (n: number) => 16 + n * 8;
  const dir = (entries: Array<[number, number]>) => {
    const b = Buffer.alloc(dirSize(entries.length));
    b.writeUInt16LE(entries.length, 14);
    entries.forEach(([id, offset], i) => {
      b.writeUInt32LE(id, 16 + i * 8);
      b.writeUInt32LE(offset >>> 0, 20 + i * 8);
    });
    return b;
  };
  const n = resources.length;
  const rootSize = dirSize(n);
  // Layout: root, per resource [type dir, name dir, data entry], then data blobs.
  const perResource = dirSize(1) * 2 + 16;
  let dataAt = rootSize + n * perResource;
  const blobs: Buffer[] = [];
  const parts: Buffer[] = [dir(resources.map((r, i) => [r.type, (0x80000000 | (rootSize + i * perResource)) >>> 0]))];
  resources.forEach((r, i) => {
    const base = rootSize + i * perResource;
    parts.push(dir([[1, (0x80000000 | (base + dirSize(1))) >>> 0]]));
    parts.push(dir([[0x409, base + dirSize(1) * 2]]));
    const entry = Buffer.alloc(16);
    entry.writeUInt32LE(RSRC_RVA + dataAt, 0);
    entry.writeUInt32LE(r.data.length, 4);
    parts.push(entry);
    const blob = pad4(r.data);
    blobs.push(blob);
    dataAt += blob.length;
  });
  return Buffer.concat([...parts, ...blobs]);
}

export function buildPe(options: PeOptions = {}): Buffer {
  const resources: Array<{ type: number; data: Buffer }> = [];
  if (options.icon) resources.push({ type: 3, data: options.icon });
  if (options.version) resources.push({ type: 16, data: options.version });
  const rsrc = resources.length ? resourceSection(resources) : Buffer.alloc(0);
  const rawSize = Math.ceil(Math.max(rsrc.length, 1) / 0x200) * 0x200;
  const dos = Buffer.alloc(64);
  dos.write('MZ', 0, 'latin1');
  dos.writeUInt32LE(64, 0x3c);
  const coff = Buffer.alloc(24);
  coff.write('PE\0\0', 0, 'latin1');
  coff.writeUInt16LE(0x8664, 4);
  coff.writeUInt16LE(1, 6);
  coff.writeUInt32LE(1700000000, 8);
  coff.writeUInt16LE(240, 20);
  coff.writeUInt16LE(0x0022, 22);
  const optional = Buffer.alloc(240);
  optional.writeUInt16LE(0x20b, 0);
  optional.writeUInt16LE(2, 68);
  optional.writeUInt32LE(16, 108);
  if (resources.length) {
    optional.writeUInt32LE(RSRC_RVA, 112 + 2 * 8);
    optional.writeUInt32LE(rsrc.length, 112 + 2 * 8 + 4);
  }
  const section = Buffer.alloc(40);
  section.write('.rsrc', 0, 'latin1');
  section.writeUInt32LE(rsrc.length, 8);
  section.writeUInt32LE(RSRC_RVA, 12);
  section.writeUInt32LE(rawSize, 16);
  section.writeUInt32LE(RSRC_FILE_OFFSET, 20);
  const headers = Buffer.concat([dos, coff, optional, section]);
  const image = Buffer.alloc(RSRC_FILE_OFFSET + rawSize);
  headers.copy(image, 0);
  rsrc.copy(image, RSRC_FILE_OFFSET);
  if (!options.authenticode) return image;
  const cert = Buffer.alloc(8);
  cert.writeUInt32LE(8 + options.authenticode.length, 0);
  cert.writeUInt16LE(0x0200, 4);
  cert.writeUInt16LE(0x0002, 6);
  let record = Buffer.concat([cert, options.authenticode]);
  if (record.length % 8) record = Buffer.concat([record, Buffer.alloc(8 - (record.length % 8))]);
  // The security directory holds a file offset, not an RVA (PE/COFF spec, "The Attribute Certificate Table").
  const optionalAt = 64 + 24;
  image.writeUInt32LE(image.length, optionalAt + 112 + 4 * 8);
  image.writeUInt32LE(record.length, optionalAt + 112 + 4 * 8 + 4);
  return Buffer.concat([image, record]);
}
