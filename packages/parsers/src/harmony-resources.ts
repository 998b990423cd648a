// HarmonyOS resources.index (restool's format): the table that resolves a module's
// `$string:` and `$media:` references to a label and an icon.

export interface IndexItem {
  id: number;
  type: number;
  name: string;
  value: string;
  config: { language: string; region: string; other: boolean };
}

export const RES_TYPE_STRING = 9;
export const RES_TYPE_MEDIA = 19;

function keyText(v: number): string {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v);
  return [...b].filter((x) => x !== 0).reverse().map((x) => String.fromCharCode(x)).join('');
}

/** Parses the restool resources.index format (header, KEYS configs, IDSS id sets, items). */
export function parseResourcesIndex(buf: Buffer): IndexItem[] {
  const fail = () => new Error('resources.index: unexpected layout');
  if (buf.length < 136 || !buf.toString('latin1', 0, 7).startsWith('Restool')) throw fail();
  const keyCount = buf.readUInt32LE(132);
  if (keyCount > 10_000) throw fail();
  const items: IndexItem[] = [];
  let p = 136;
  for (let k = 0; k < keyCount; k++) {
    if (p + 12 > buf.length || buf.toString('latin1', p, p + 4) !== 'KEYS') throw fail();
    const idssOffset = buf.readUInt32LE(p + 4);
    const count = buf.readUInt32LE(p + 8);
    p += 12;
    const config = { language: '', region: '', other: false };
    if (count > 64 || p + count * 8 > buf.length) throw fail();
    for (let i = 0; i < count; i++) {
      const type = buf.readUInt32LE(p);
      const value = buf.readUInt32LE(p + 4);
      if (type === 0) config.language = keyText(value);
      else if (type === 1) config.region = keyText(value);
      else config.other = true;
      p += 8;
    }
    if (idssOffset + 8 > buf.length || buf.toString('latin1', idssOffset, idssOffset + 4) !== 'IDSS') throw fail();
    const n = buf.readUInt32LE(idssOffset + 4);
    if (idssOffset + 8 + n * 8 > buf.length || n > 1_000_000) throw fail();
    for (let i = 0; i < n; i++) {
      const at = idssOffset + 8 + i * 8;
      const itemOffset = buf.readUInt32LE(at + 4);
      if (itemOffset + 14 > buf.length) throw fail();
      const type = buf.readUInt32LE(itemOffset + 4);
      const id = buf.readUInt32LE(itemOffset + 8);
      const valueLength = buf.readUInt16LE(itemOffset + 12);
      const valueAt = itemOffset + 14;
      if (valueAt + valueLength + 2 > buf.length) throw fail();
      const nameLength = buf.readUInt16LE(valueAt + valueLength);
      const nameAt = valueAt + valueLength + 2;
      if (nameAt + nameLength > buf.length) throw fail();
      const value = buf.toString('utf8', valueAt, valueAt + valueLength).replace(/\0+$/, '');
      const name = buf.toString('utf8', nameAt, nameAt + nameLength).replace(/\0+$/, '');
      items.push({ id, type, name, value, config });
    }
  }
  return items;
}

export function pickIndexItem(items: IndexItem[], id: number | null, type: number, name: string | null): IndexItem | undefined {
  const matches = items.filter((i) => (id !== null && id > 0 ? i.id === id : i.type === type && i.name === name));
  return (
    matches.find((i) => !i.config.language && !i.config.region && !i.config.other) ??
    matches.find((i) => i.config.language === 'en' && !i.config.other) ??
    matches[0]
  );
}

export function refName(ref: string | null, kind: string): string | null {
  if (!ref) return null;
  const m = new RegExp(`^\\$${kind}:(.+)$`).exec(ref);
  return m ? m[1]! : null;
}
