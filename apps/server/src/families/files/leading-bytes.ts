import type { LocalisedText } from '../../platform/http/errors';
import { Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { FileObject } from '@wharf/contract';
import { AppError } from '../../platform/http/errors';

/** Bytes looked at before an upload is judged (file-type reads at most this many). */
export const SAMPLE_BYTES = 4100;

/** Images a listing shows (the console offers the same three). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

type Refusal = LocalisedText;
const NOT_IMAGE: Refusal = { zh: '该文件不是图片（支持 PNG、JPEG、WebP）', en: 'This file is not an image (PNG, JPEG or WebP)', ru: 'Этот файл — не изображение (PNG, JPEG или WebP)' };
const NOT_VIDEO: Refusal = { zh: '该文件不是视频（支持 MP4、WebM、MOV）', en: 'This file is not a video (MP4, WebM or MOV)', ru: 'Этот файл — не видео (MP4, WebM или MOV)' };
const NOT_PACKAGE: Refusal = {
  zh: '该文件不是应用软件包（APK、AAB、HAP、APP、RPK 为 zip 格式，PC 应用为 EXE）',
  en: 'This file is not an app package (APK, AAB, HAP, APP and RPK are zip archives; PC apps are EXE files)', ru: 'Этот файл — не пакет приложения (APK, AAB, HAP, APP и RPK — zip-архивы; приложения для ПК — файлы EXE)',
};

const notDeclared = (type: string): Refusal => ({ zh: `该文件的内容不是所声明的类型（${type}）`, en: `This file's content is not the type it was sent as (${type})`, ru: `Содержимое файла не соответствует заявленному типу (${type})` });

/** Whether the first bytes are of the declared type: plain text as UTF-8 without NUL bytes, the rest by their signature. */
async function declaredTypeRefusal(type: string, head: Buffer): Promise<Refusal | null> {
  if (type === 'text/plain') {
    try {
      // `stream` lets the sample end inside a character.
      new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
      return head.includes(0) ? notDeclared(type) : null;
    } catch {
      return notDeclared(type);
    }
  }
  return (await fileTypeFromBuffer(head))?.mime === type ? null : notDeclared(type);
}

/**
 * Why the first bytes of an upload do not fit what it is uploaded as, or null. Images and
 * videos by their signature (file-type); packages as a zip or a Windows executable, except
 * expansion files (OBB), which are any bytes; with `declaredType`, exactly that type. Other
 * purposes are not judged.
 */
export async function refusalOf(bizTag: FileObject['bizTag'], fileName: string, head: Buffer, declaredType?: string): Promise<Refusal | null> {
  if (declaredType) return declaredTypeRefusal(declaredType, head);
  if (bizTag === 'apk') {
    if (fileName.toLowerCase().endsWith('.obb')) return null;
    const zip = head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;
    const exe = head.length >= 2 && head[0] === 0x4d && head[1] === 0x5a;
    return zip || exe ? null : NOT_PACKAGE;
  }
  if (bizTag !== 'img' && bizTag !== 'video') return null;
  const type = await fileTypeFromBuffer(head);
  if (bizTag === 'img') return type && IMAGE_TYPES.has(type.mime) ? null : NOT_IMAGE;
  return type?.mime.startsWith('video/') ? null : NOT_VIDEO;
}

/**
 * Passes an upload through once its first bytes fit its purpose; otherwise fails the
 * stream with a readable 400 as soon as they have arrived, so a wrong file is refused
 * before the rest of it is sent and stored.
 */
export function leadingBytesCheck(bizTag: FileObject['bizTag'], fileName: string, declaredType?: string): Transform {
  let head: Buffer[] = [];
  let seen = 0;
  let judged = false;
  const judge = async (stream: Transform): Promise<void> => {
    judged = true;
    const bytes = Buffer.concat(head);
    head = [];
    const refusal = await refusalOf(bizTag, fileName, bytes, declaredType);
    if (refusal) throw new AppError('invalidInput', refusal);
    stream.push(bytes);
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      if (judged) return done(null, chunk);
      head.push(chunk);
      seen += chunk.length;
      if (seen < SAMPLE_BYTES) return done();
      judge(this).then(() => done(), done);
    },
    flush(done: TransformCallback) {
      if (judged) return done();
      judge(this).then(() => done(), done);
    },
  });
}

/**
 * The body as it passes the check. A refused body is read to its end and dropped rather
 * than cut off, so the client gets the answer instead of a reset connection; a body that
 * fails on its own fails the check too.
 */
export function checkedBody(body: NodeJS.ReadableStream, bizTag: FileObject['bizTag'], fileName: string, declaredType?: string): Transform {
  const check = leadingBytesCheck(bizTag, fileName, declaredType);
  body.on('error', (err) => check.destroy(err));
  check.on('error', () => {
    body.unpipe(check);
    body.resume();
  });
  body.pipe(check);
  return check;
}
