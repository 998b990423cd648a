import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { FUNCTION_LIMITS } from '@wharf/rules';
import { invalidInput, type LocalisedText } from '../../platform/http/errors';
import { readAllUpTo } from '../../platform/storage/read-all';

const L = FUNCTION_LIMITS;
const SYMLINK = 0o120000;
const TYPE_MASK = 0o170000;
/** Past this size, an entry packed tighter than this many times is taken for a bomb. */
const RATIO_FROM_BYTES = 1024 * 1024;
const MAX_RATIO = 200;

export interface FunctionZip {
  files: Record<string, Buffer>;
  manifest: { path: string; size: number }[];
  size: number;
  sha256: string;
}

const refuse = (text: LocalisedText) => invalidInput(text);
const W = {
  notZip: { zh: '不是有效的 zip 文件', en: 'This is not a zip file that can be read', ru: 'Это не читаемый zip-файл' },
  tooMany: { zh: `zip 中的文件超过 ${L.zipEntries} 个`, en: `The zip holds more than ${L.zipEntries} files`, ru: `В zip больше ${L.zipEntries} файлов` },
  tooBig: { zh: `解压后超过 ${L.unzippedBytes / 1024 / 1024} MB`, en: `Unpacked, the zip is larger than ${L.unzippedBytes / 1024 / 1024} MB`, ru: `В распакованном виде zip больше ${L.unzippedBytes / 1024 / 1024} МБ` },
  link: (p: string): LocalisedText => ({ zh: `zip 中的 ${p} 是符号链接：函数代码不能包含链接`, en: `${p} in the zip is a symbolic link: a function's code holds no links`, ru: `${p} в zip — символическая ссылка: в коде функции ссылок быть не может` }),
  path: (p: string): LocalisedText => ({ zh: `zip 中的路径 ${p} 指向代码目录之外`, en: `The path ${p} in the zip points outside the code's folder`, ru: `Путь ${p} в zip ведёт за пределы папки кода` }),
  bomb: (p: string): LocalisedText => ({ zh: `zip 中的 ${p} 压缩比异常（疑似 zip 炸弹）`, en: `${p} in the zip is packed implausibly tight (a zip bomb?)`, ru: `${p} в zip сжат неправдоподобно сильно (zip-бомба?)` }),
  encrypted: (p: string): LocalisedText => ({ zh: `zip 中的 ${p} 已加密`, en: `${p} in the zip is encrypted`, ru: `${p} в zip зашифрован` }),
  noEntry: (p: string): LocalisedText => ({ zh: `zip 中没有入口文件 ${p}`, en: `The zip has no entry file ${p}`, ru: `В zip нет файла точки входа ${p}` }),
};

/** A name a runner's folder may hold: relative, no `..`, no backslash or control characters. */
const safePath = (p: string) => !p.startsWith('/') && !p.includes('\\') && ![...p].some((c) => c.charCodeAt(0) < 0x20) && p.split('/').every((s) => s !== '..' && s !== '.') && p.length <= 512;

/**
 * A function's files from a zip, read in memory with every check up front: the zip's size,
 * how many files, each path relative and inside the folder, no symbolic links, no
 * encrypted entries, declared sizes (checked against what inflates) within the unpacked
 * limit, and no entry packed implausibly tight. Directories are implied by the paths.
 */
export async function readFunctionZip(zip: Buffer, entry?: string): Promise<FunctionZip> {
  const open = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (err, z) => (err || !z ? reject(refuse(W.notZip)) : resolve(z))),
  );
  if (open.entryCount > L.zipEntries) throw refuse(W.tooMany);
  const files: Record<string, Buffer> = {};
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (e: unknown) => {
      open.close();
      if (e instanceof Error && 'retName' in e) return reject(e);
      // yauzl checks names itself before handing an entry over: say which one.
      const bad = e instanceof Error ? /^(?:invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(e.message) : null;
      reject(refuse(bad ? W.path(bad[1]!) : W.notZip));
    };
    open.on('error', fail);
    open.on('end', () => resolve());
    open.on('entry', (e: yauzl.Entry) => {
      const name = e.fileName;
      if (!safePath(name.replace(/\/$/, ''))) return fail(refuse(W.path(name)));
      if (((e.externalFileAttributes >>> 16) & TYPE_MASK) === SYMLINK) return fail(refuse(W.link(name)));
      if (name.endsWith('/')) return open.readEntry();
      if (e.isEncrypted()) return fail(refuse(W.encrypted(name)));
      total += e.uncompressedSize;
      if (total > L.unzippedBytes) return fail(refuse(W.tooBig));
      if (e.uncompressedSize > RATIO_FROM_BYTES && e.uncompressedSize > e.compressedSize * MAX_RATIO) return fail(refuse(W.bomb(name)));
      open.openReadStream(e, (err, stream) => {
        if (err || !stream) return fail(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', fail);
        stream.on('end', () => {
          files[name] = Buffer.concat(chunks);
          open.readEntry();
        });
      });
    });
    open.readEntry();
  });
  if (entry !== undefined && !files[entry]) throw refuse(W.noEntry(entry));
  const manifest = Object.entries(files).map(([path, b]) => ({ path, size: b.length })).sort((a, b) => a.path.localeCompare(b.path));
  return { files, manifest, size: total, sha256: createHash('sha256').update(zip).digest('hex') };
}

/** A stream's bytes, refused past `max` (the stored size could be wrong; the bytes decide). */
export async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const bytes = await readAllUpTo(stream, max);
  if (!bytes) throw refuse({ zh: '文件过大', en: 'The file is too large', ru: 'Файл слишком большой' });
  return bytes;
}
