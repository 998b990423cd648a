import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileObject } from '@wharf/contract';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError } from '../../platform/http/errors';
import { ObjectTooLargeError } from '../../platform/storage';
import { filesRepo } from './repo';
import { bizTagOf } from './service';
import { imageFactsOf, keepingHead } from './image-facts';
import { leadingBytesCheck } from './leading-bytes';

export const BY_URL_QUEUE = 'file-by-url';

/** Exact host names, or `.example.com` for a domain and its subdomains. */
export function hostAllowed(host: string, allow: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allow.some((a) => (a.startsWith('.') ? h === a.slice(1) || h.endsWith(a) : h === a));
}

/**
 * Upload by URL: the call records the file and queues the fetch; the fetch follows no
 * redirects (one could leave the allow-list) and is bounded in size and time.
 */
export class ByUrlUploads {
  constructor(private readonly deps: Deps) {}

  async start(caller: Caller, input: { url: string; fileName?: string | undefined; bizTag?: string | undefined }): Promise<string> {
    const { db, clock, jobs, config } = this.deps;
    const url = new URL(input.url);
    if (!hostAllowed(url.hostname, config.uploadUrlAllow)) {
      throw new AppError('forbidden', {
        zh: `不允许从 ${url.hostname} 下载文件（不在允许列表中）`,
        en: `Files cannot be fetched from ${url.hostname}: it is not on this platform's allow-list`, ru: `С ${url.hostname} нельзя загружать файлы: адреса нет в списке разрешённых на этой платформе`,
      });
    }
    const fileName = input.fileName ?? (decodeURIComponent(url.pathname.split('/').pop() ?? '') || 'download');
    const id = randomUUID();
    await db.transaction(async (tx) => {
      await filesRepo.insert(tx, {
        id,
        teamId: caller.teamId!,
        bizTag: bizTagOf(input.bizTag, 'application/octet-stream', fileName),
        fileName,
        contentType: 'application/octet-stream',
        storageKey: `files/${caller.teamId}/${id}`,
        state: 'uploading',
        sourceUrl: url.toString(),
        createdBy: caller.userId!,
        createdAt: clock.now(),
      });
      await writeAudit(tx, clock, { action: 'file.byUrl', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'file', targetId: id, data: { url: url.toString() } });
      // In the file's transaction: a file without its job would stay uploading until swept.
      await jobs.sendIn(tx, BY_URL_QUEUE, { fileId: id }, { retryLimit: 0 });
    });
    jobs.wake(BY_URL_QUEUE);
    return id;
  }

  async fetch(fileId: string): Promise<void> {
    const { db, storage, config } = this.deps;
    const row = await filesRepo.byId(db, fileId);
    if (!row || row.state !== 'uploading' || !row.sourceUrl) return;
    const fail = (zh: string, en: string, ru: string) => filesRepo.markFailed(db, fileId, { zh, en, ru });
    let res: Response;
    try {
      res = await fetch(row.sourceUrl, { redirect: 'error', signal: AbortSignal.timeout(config.uploadUrlTimeoutMs) });
    } catch (err) {
      return fail(`下载失败：${(err as Error).message}`, `The download failed: ${(err as Error).message}`, `Скачивание не удалось: ${(err as Error).message}`);
    }
    if (!res.ok || !res.body) return fail(`下载失败：HTTP ${res.status}`, `The download failed: HTTP ${res.status}`, `Скачивание не удалось: HTTP ${res.status}`);
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > config.maxUploadBytes) {
      await res.body.cancel();
      return fail('文件超过上限', 'The file is larger than the limit', 'Файл больше допустимого размера');
    }
    try {
      // Judged by its first bytes as a direct upload is; a wrong file stops the download there.
      const source = Readable.fromWeb(res.body as WebReadableStream);
      const checked = leadingBytesCheck(row.bizTag as FileObject['bizTag'], row.fileName);
      source.on('error', (err) => checked.destroy(err));
      checked.on('error', () => source.destroy());
      source.pipe(checked);
      const kept = row.bizTag === 'img' ? keepingHead(checked) : null;
      const stored = await storage.put(row.storageKey, kept ?? checked, { maxBytes: config.maxUploadBytes });
      await filesRepo.markReady(db, fileId, stored, kept ? imageFactsOf(kept.head, row.contentType) : undefined);
    } catch (err) {
      if (err instanceof ObjectTooLargeError) return fail('文件超过上限', 'The file is larger than the limit', 'Файл больше допустимого размера');
      if (err instanceof AppError && err.text) return filesRepo.markFailed(db, fileId, err.text);
      return fail(`下载中断：${(err as Error).message}`, `The download broke off: ${(err as Error).message}`, `Скачивание прервалось: ${(err as Error).message}`);
    }
  }
}
