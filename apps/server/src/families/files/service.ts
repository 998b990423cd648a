import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MULTIPART_MAX_PARTS, MULTIPART_PART_BYTES, type FileObject } from '@wharf/contract';
import { auditActor, auditRowsJson, writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { faultPoint, type FaultPointName } from '../../platform/fault-points';
import type { Caller } from '../../platform/http/access';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { ObjectTooLargeError } from '../../platform/storage';
import { checkedBody } from './leading-bytes';
import { imageFactsOf, keepingHead } from './image-facts';
import { filesRepo, type FileRow, type UploadSessionRow } from './repo';
import { teamById } from '../accounts/public';
import { siteIdOfZone } from '@wharf/rules';

const UPLOAD_SESSION_TTL_MS = 7 * 86_400_000;

export function fileOut(r: FileRow): FileObject {
  const out: FileObject = { objectId: r.id, bizTag: r.bizTag as FileObject['bizTag'], fileName: r.fileName, contentType: r.contentType, size: r.size, sha256: r.sha256, createdAt: r.createdAt.toISOString() };
  return r.bizTag === 'img' ? { ...out, width: r.width, height: r.height } : out;
}

/** The specification's rule: an upload without a bizTag gets one, here from its type. */
export function bizTagOf(given: string | undefined, contentType: string, fileName: string): FileObject['bizTag'] {
  if (given) return given as FileObject['bizTag'];
  if (contentType.startsWith('image/')) return 'img';
  if (contentType.startsWith('video/')) return 'video';
  if (/\.(apk|aab|hap|app|rpk|exe|obb|wpk)$/i.test(fileName)) return 'apk';
  if (contentType === 'application/zip' || /\.zip$/i.test(fileName)) return 'zip';
  return 'file';
}

const sizeText = (max: number) => (max >= 1024 ** 2 ? `${Math.floor(max / 1024 ** 2)} MB` : `${max} bytes`);
export const tooLarge = (max: number) => new AppError('tooLarge', { zh: `文件超过上限 ${sizeText(max)}`, en: `The file is larger than the limit of ${sizeText(max)}`, ru: `Файл больше допустимых ${sizeText(max)}` });

export class FilesService {
  constructor(private readonly deps: Deps) {}

  /**
   * Streams a body into storage. The row exists (as uploading) before the bytes, so an
   * interrupted upload leaves a row a sweep can find; a refused one leaves nothing.
   */
  async upload(
    caller: Caller,
    body: Readable,
    meta: {
      fileName: string;
      contentType: string;
      bizTag?: string | undefined;
      siteId?: number | undefined;
      maxBytes?: number | undefined;
      /** Refuse bytes that are not of `contentType` (judged by their signature), whatever the purpose. */
      strictType?: boolean | undefined;
    },
    options: { id?: string; afterWrite?: FaultPointName } = {},
  ): Promise<FileObject> {
    const { db, clock, storage, config } = this.deps;
    const bizTag = bizTagOf(meta.bizTag, meta.contentType, meta.fileName);
    const id = options.id ?? randomUUID();
    const key = `files/${caller.teamId}/${id}`;
    const siteId = meta.siteId ?? caller.team?.siteId ?? (await this.homeSite(caller.teamId!));
    const maxBytes = Math.min(meta.maxBytes ?? config.maxUploadBytes, config.maxUploadBytes);
    // The row is written while the bytes arrive; the object appears only once the row is
    // there (`landAfter`), so a stored object without its row is never one being written.
    const inserting = filesRepo.insertUploading(db, { id, teamId: caller.teamId!, bizTag, fileName: meta.fileName, contentType: meta.contentType, storageKey: key, siteId, createdBy: caller.userId, createdAt: clock.now() });
    // Its failure is read below; the bytes may fail first.
    const inserted = inserting.then((row) => ({ row }), (error: unknown) => ({ error }));
    try {
      const checked = checkedBody(body, bizTag, meta.fileName, meta.strictType ? meta.contentType : undefined);
      // An image's first bytes are kept on the way to storage, to read its type and size.
      const kept = bizTag === 'img' ? keepingHead(checked) : null;
      const stored = await storage.put(key, kept ?? checked, { maxBytes, landAfter: inserting });
      if (options.afterWrite) faultPoint(options.afterWrite);
      const image = kept ? imageFactsOf(kept.head, meta.contentType) : undefined;
      const audit = { action: 'file.upload' as const, teamId: caller.teamId, ...auditActor(caller), targetType: 'file', targetId: id, data: { fileName: meta.fileName, size: stored.size, bizTag } };
      // The file ready and its audit event: one statement, no transaction around it.
      const ready = await filesRepo.markReady(db, id, stored, image, auditRowsJson(clock, [audit]));
      // Another attempt at the same fixed id took the row over meanwhile (see uploadOnce).
      if (!ready) throw conflict({ zh: '该文件正在由另一个请求写入，请稍后重试', en: 'Another request is writing this file; try again shortly', ru: 'Этот файл сейчас записывает другой запрос; повторите чуть позже' });
      return fileOut(ready);
    } catch (err) {
      const outcome = await inserted;
      // No row: its refusal is the answer, as when the row was written first.
      if ('error' in outcome) throw outcome.error;
      await filesRepo.removeUnfinished(db, id);
      if (err instanceof ObjectTooLargeError) throw tooLarge(maxBytes);
      throw err;
    }
  }

  /**
   * An upload under a fixed id, so that doing it again after a crash neither duplicates
   * nor leaks: a file already finished under the id is the answer; one left half-written
   * (its process died between the bytes and the row) is written again over the same key.
   */
  async uploadOnce(caller: Caller, id: string, body: () => Readable, meta: Parameters<FilesService['upload']>[2], afterWrite?: FaultPointName): Promise<FileObject> {
    const existing = await filesRepo.byId(this.deps.db, id);
    if (existing && existing.teamId !== caller.teamId) throw conflict({ zh: '文件编号冲突', en: 'File id conflict', ru: 'Конфликт идентификаторов файла' });
    if (existing?.state === 'ready') return fileOut(existing);
    if (existing) await filesRepo.removeUnfinished(this.deps.db, id);
    return this.upload(caller, body(), meta, { id, ...(afterWrite ? { afterWrite } : {}) });
  }

  /** The zone a team's files count under when the upload names none. */
  async homeSite(teamId: string): Promise<number> {
    return (await teamById(this.deps.db, teamId))?.siteId ?? siteIdOfZone(null);
  }

  async get(caller: Caller, objectId: string): Promise<FileRow> {
    const row = await filesRepo.byId(this.deps.db, objectId);
    if (!row || row.teamId !== caller.teamId || row.state !== 'ready') throw notFound();
    return row;
  }

  async remove(caller: Caller, objectIds: string[]) {
    const { db, clock, storage } = this.deps;
    const found = await filesRepo.ofTeam(db, caller.teamId!, objectIds);
    const deleted: string[] = [];
    for (const row of found) {
      await db.transaction(async (tx) => {
        await filesRepo.remove(tx, row.id);
        await writeAudit(tx, clock, { action: 'file.delete', teamId: caller.teamId, ...auditActor(caller), targetType: 'file', targetId: row.id, data: { fileName: row.fileName } });
      });
      // The row goes first: a crash between leaves an orphan file, never a row without bytes.
      await storage.delete(row.storageKey);
      deleted.push(row.id);
    }
    const errors = objectIds.filter((id) => !deleted.includes(id)).map((objectId) => ({ objectId, reason: 'not found' }));
    return { deletedObjects: deleted, errorObjects: errors };
  }

  async multipartInit(caller: Caller, input: { fileName: string; contentType: string; bizTag?: string | undefined; size: number }) {
    const { db, clock, config } = this.deps;
    if (input.size > config.maxUploadBytes) throw tooLarge(config.maxUploadBytes);
    const partCount = Math.ceil(input.size / MULTIPART_PART_BYTES);
    if (partCount > MULTIPART_MAX_PARTS) throw tooLarge(MULTIPART_MAX_PARTS * MULTIPART_PART_BYTES);
    const now = clock.now();
    const session = await filesRepo.insertSession(db, {
      teamId: caller.teamId!,
      fileName: input.fileName,
      contentType: input.contentType,
      bizTag: bizTagOf(input.bizTag, input.contentType, input.fileName),
      size: input.size,
      partSize: MULTIPART_PART_BYTES,
      partCount,
      createdBy: caller.userId!,
      createdAt: now,
      expiresAt: new Date(now.getTime() + UPLOAD_SESSION_TTL_MS),
    });
    return { uploadId: session.id, partSize: session.partSize, partCount };
  }

  private async session(caller: Caller, uploadId: string): Promise<UploadSessionRow> {
    const s = await filesRepo.session(this.deps.db, caller.teamId!, uploadId);
    if (!s || s.expiresAt <= this.deps.clock.now()) throw notFound({ zh: '上传会话不存在或已过期', en: 'No such upload, or it has expired', ru: 'Такой загрузки нет, или её срок истёк' });
    return s;
  }

  private expectedPartSize(s: UploadSessionRow, partNumber: number): number {
    return partNumber < s.partCount ? s.partSize : s.size - s.partSize * (s.partCount - 1);
  }

  async putPart(caller: Caller, uploadId: string, partNumber: number, body: Readable) {
    const s = await this.session(caller, uploadId);
    if (partNumber > s.partCount) throw new AppError('invalidInput', { zh: `分片序号超出范围（共 ${s.partCount} 片）`, en: `partNumber is past the last part (${s.partCount})`, ru: `partNumber больше номера последней части (${s.partCount})` });
    const expected = this.expectedPartSize(s, partNumber);
    let stored;
    try {
      // The first part is judged by its first bytes: a wrong file stops before the rest is sent.
      const bytes = partNumber === 1 ? checkedBody(body, s.bizTag as FileObject['bizTag'], s.fileName) : body;
      stored = await this.deps.storage.put(`multipart/${uploadId}/${partNumber}`, bytes, { maxBytes: expected });
    } catch (err) {
      if (err instanceof ObjectTooLargeError) throw new AppError('tooLarge', { zh: `第 ${partNumber} 片应为 ${expected} 字节`, en: `Part ${partNumber} must be ${expected} bytes`, ru: `Часть ${partNumber} должна быть размером ${expected} байт` });
      throw err;
    }
    if (stored.size !== expected) {
      await this.deps.storage.delete(`multipart/${uploadId}/${partNumber}`);
      throw new AppError('invalidInput', { zh: `第 ${partNumber} 片应为 ${expected} 字节，收到 ${stored.size} 字节`, en: `Part ${partNumber} must be ${expected} bytes; got ${stored.size}`, ru: `Часть ${partNumber} должна быть размером ${expected} байт; получено ${stored.size}` });
    }
    await filesRepo.putPart(this.deps.db, { uploadId, partNumber, size: stored.size, sha256: stored.sha256 });
    return { partNumber, size: stored.size, sha256: stored.sha256 };
  }

  async parts(caller: Caller, uploadId: string) {
    const s = await this.session(caller, uploadId);
    const parts = await filesRepo.parts(this.deps.db, uploadId);
    return { parts: parts.map((p) => ({ partNumber: p.partNumber, size: p.size })), partSize: s.partSize, partCount: s.partCount };
  }

  /** Joins the parts by streaming them one after another into a new object. */
  async compose(caller: Caller, uploadId: string): Promise<FileObject> {
    const { storage, db } = this.deps;
    if (!(await filesRepo.session(db, caller.teamId!, uploadId))) {
      // Composed already and the answer lost on the way: the same file again, not a 404.
      const made = await filesRepo.byId(db, uploadId);
      if (made && made.teamId === caller.teamId && made.state === 'ready') return fileOut(made);
    }
    const s = await this.session(caller, uploadId);
    const parts = await filesRepo.parts(this.deps.db, uploadId);
    const missing = Array.from({ length: s.partCount }, (_, i) => i + 1).filter((n) => !parts.some((p) => p.partNumber === n));
    if (missing.length) {
      throw new AppError('conflict', { zh: `还缺 ${missing.length} 个分片（例如第 ${missing[0]} 片）`, en: `${missing.length} part(s) are missing (for example part ${missing[0]})`, ru: `Не хватает частей: ${missing.length} (например, части ${missing[0]})` });
    }
    const joined = () => {
      const stream = new PassThrough();
      const feeding = (async () => {
        for (let n = 1; n <= s.partCount; n += 1) await pipeline(await storage.get(`multipart/${uploadId}/${n}`), stream, { end: false });
        stream.end();
      })();
      feeding.catch((err: unknown) => stream.destroy(err as Error));
      return stream;
    };
    // The file takes the upload's id: a compose retried after a crash (or a lost answer)
    // finds the file it made, or redoes a half-made one, and never makes a second.
    const object = await this.uploadOnce({ ...caller }, uploadId, joined, { fileName: s.fileName, contentType: s.contentType, bizTag: s.bizTag }, 'files.compose.afterWrite');
    faultPoint('files.compose.afterCommit');
    await this.dropParts(uploadId, s.partCount);
    return object;
  }

  async abort(caller: Caller, uploadId: string): Promise<void> {
    const s = await this.session(caller, uploadId);
    await this.dropParts(uploadId, s.partCount);
  }

  private async dropParts(uploadId: string, partCount: number): Promise<void> {
    await filesRepo.removeSession(this.deps.db, uploadId);
    for (let n = 1; n <= partCount; n += 1) await this.deps.storage.delete(`multipart/${uploadId}/${n}`);
  }
}

