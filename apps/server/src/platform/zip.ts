import yauzl from 'yauzl';
import { invalidInput, type LocalisedText } from './http/errors';

const SYMLINK = 0o120000;
const TYPE_MASK = 0o170000;
/** Past this size, an entry packed tighter than this many times is taken for a bomb. */
const RATIO_FROM_BYTES = 1024 * 1024;
const MAX_RATIO = 200;

export interface ZipLimits {
  /** Entries (files and folders) at most. */
  entries: number;
  /** All files' unpacked bytes together at most. */
  unzippedBytes: number;
}

const refuse = (text: LocalisedText) => invalidInput(text);
const W = {
  notZip: { zh: '不是有效的 zip 文件', en: 'This is not a zip file that can be read', ru: 'Это не читаемый zip-файл' },
  tooMany: (n: number): LocalisedText => ({ zh: `zip 中的文件超过 ${n} 个`, en: `The zip holds more than ${n} files`, ru: `В zip больше ${n} файлов` }),
  tooBig: (mb: number): LocalisedText => ({ zh: `解压后超过 ${mb} MB`, en: `Unpacked, the zip is larger than ${mb} MB`, ru: `В распакованном виде zip больше ${mb} МБ` }),
  link: (p: string): LocalisedText => ({ zh: `zip 中的 ${p} 是符号链接：不能包含链接`, en: `${p} in the zip is a symbolic link: links are not taken`, ru: `${p} в zip — символическая ссылка: ссылки не принимаются` }),
  path: (p: string): LocalisedText => ({ zh: `zip 中的路径 ${p} 指向文件夹之外`, en: `The path ${p} in the zip points outside its folder`, ru: `Путь ${p} в zip ведёт за пределы папки` }),
  bomb: (p: string): LocalisedText => ({ zh: `zip 中的 ${p} 压缩比异常（疑似 zip 炸弹）`, en: `${p} in the zip is packed implausibly tight (a zip bomb?)`, ru: `${p} в zip сжат неправдоподобно сильно (zip-бомба?)` }),
  encrypted: (p: string): LocalisedText => ({ zh: `zip 中的 ${p} 已加密`, en: `${p} in the zip is encrypted`, ru: `${p} в zip зашифрован` }),
};

/** A name a folder may hold: relative, no `..`, no backslash or control characters. */
export const safeZipPath = (p: string) => !p.startsWith('/') && !p.includes('\\') && ![...p].some((c) => c.charCodeAt(0) < 0x20) && p.split('/').every((s) => s !== '..' && s !== '.' && s !== '') && p.length <= 512;

/**
 * A zip's files, read in memory with every check up front (functions' code, hosted sites):
 * how many entries, each path relative and inside the folder, no symbolic links, no
 * encrypted entries, declared sizes (checked against what inflates) within the unpacked
 * limit, and no entry packed implausibly tight. Directories are implied by the paths.
 * Refusals are 400s saying which entry and why, in the caller's language.
 */
export async function readSafeZip(zip: Buffer, limits: ZipLimits): Promise<{ files: Record<string, Buffer>; size: number }> {
  const open = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (err, z) => (err || !z ? reject(refuse(W.notZip)) : resolve(z))),
  );
  if (open.entryCount > limits.entries) throw refuse(W.tooMany(limits.entries));
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
      if (!safeZipPath(name.replace(/\/$/, ''))) return fail(refuse(W.path(name)));
      if (((e.externalFileAttributes >>> 16) & TYPE_MASK) === SYMLINK) return fail(refuse(W.link(name)));
      if (name.endsWith('/')) return open.readEntry();
      if (e.isEncrypted()) return fail(refuse(W.encrypted(name)));
      total += e.uncompressedSize;
      if (total > limits.unzippedBytes) return fail(refuse(W.tooBig(limits.unzippedBytes / 1024 / 1024)));
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
  return { files, size: total };
}
