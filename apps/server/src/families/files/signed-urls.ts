import type { Readable } from 'node:stream';
import { buildPath, fileApi, type FileObject } from '@wharf/contract';
import { zoneOfSite } from '@wharf/rules';
import { auditActor, writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError, invalidInput } from '../../platform/http/errors';
import { filesRepo } from './repo';
import { bizTagOf, tooLarge, type FilesService } from './service';
import type { UrlSigner } from './signing';

export interface UploadTarget {
  fileName: string;
  contentType: string;
  bizTag?: string | undefined;
  size?: number | undefined;
  /** v2: the bytes must be exactly this many, with this SHA-256. */
  sha256?: string | undefined;
}

export interface SignedUpload {
  /** The ticket the URL names: what the Connect API hands out as the upload's objectId. */
  ticketId: string;
  fileName: string;
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: string;
}

/** Upload and download signatures share one secret; the prefix keeps the two kinds apart. */
const uploadKey = (ticketId: string) => `upload:${ticketId}`;

const linkRefused = () => new AppError('forbidden', { zh: '上传链接无效或已过期', en: 'The upload link is invalid or has expired', ru: 'Ссылка для загрузки недействительна или истекла' });

/**
 * Signed upload URLs: a client asks for a URL while signed in, then sends the bytes to it
 * without a session (a browser straight to the file service, a CI job with no cookie).
 * The bytes go through the same streamed, bounded, hashed upload as a direct one.
 */
export class SignedUrls {
  constructor(
    private readonly deps: Deps,
    private readonly files: FilesService,
    private readonly signer: UrlSigner,
  ) {}

  async issue(caller: Caller, targets: UploadTarget[], o: { zoneId?: number | undefined; expiresInSeconds: number; exact: boolean }): Promise<SignedUpload[]> {
    const { db, clock, config } = this.deps;
    for (const t of targets) if (t.size !== undefined && t.size > config.maxUploadBytes) throw tooLarge(config.maxUploadBytes);
    const siteId = o.zoneId ?? (await this.files.homeSite(caller.teamId!));
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + o.expiresInSeconds * 1000);
    const tickets = await db.transaction(async (tx) => {
      const rows = await filesRepo.insertTickets(
        tx,
        targets.map((t) => ({
          teamId: caller.teamId!,
          fileName: t.fileName,
          contentType: t.contentType,
          bizTag: bizTagOf(t.bizTag, t.contentType, t.fileName),
          siteId,
          maxBytes: t.size ?? config.maxUploadBytes,
          exactSize: o.exact ? (t.size ?? null) : null,
          sha256: o.exact ? (t.sha256 ?? null) : null,
          createdBy: caller.userId,
          createdByClient: caller.kind === 'api-client' ? caller.clientId : null,
          createdAt: now,
          expiresAt,
        })),
      );
      await writeAudit(tx, clock, { action: 'file.uploadUrl', teamId: caller.teamId, ...auditActor(caller), targetType: 'file', targetId: null, data: { tickets: rows.map((r) => r.id), zone: zoneOfSite(siteId), exact: o.exact } });
      return rows;
    });
    return Promise.all(
      tickets.map(async (t) => ({
        ticketId: t.id,
        fileName: t.fileName,
        url: `${buildPath(fileApi.uploadSigned, { ticketId: t.id })}?expires=${expiresAt.getTime()}&sig=${await this.signer.sign(uploadKey(t.id), expiresAt.getTime())}`,
        method: 'PUT' as const,
        headers: { 'Content-Type': 'application/octet-stream' },
        expiresAt: expiresAt.toISOString(),
      })),
    );
  }

  /** The PUT a signed URL points at (from `ip`). One file per URL: a second PUT is refused. */
  async receive(ticketId: string, expires: number, sig: string, body: Readable, ip: string | null): Promise<FileObject> {
    const { db, clock } = this.deps;
    if (!(await this.signer.verify(uploadKey(ticketId), expires, sig))) throw linkRefused();
    const ticket = await filesRepo.ticket(db, ticketId);
    if (!ticket || ticket.expiresAt <= clock.now()) throw linkRefused();
    // The ticket's own id marks "in use" until the file exists, so two PUTs cannot both land.
    if (!(await filesRepo.useTicket(db, ticket.id, ticket.id))) {
      throw new AppError('conflict', { zh: '该上传链接已使用过', en: 'This upload link has already been used', ru: 'Эта ссылка для загрузки уже использована' });
    }
    const caller = { kind: ticket.createdByClient ? 'api-client' : 'user', clientId: ticket.createdByClient, teamId: ticket.teamId, userId: ticket.createdBy, ip } as Caller;
    let object: FileObject;
    try {
      object = await this.files.upload(caller, body, { fileName: ticket.fileName, contentType: ticket.contentType, bizTag: ticket.bizTag, siteId: ticket.siteId, maxBytes: ticket.maxBytes });
    } catch (err) {
      await filesRepo.releaseTicket(db, ticket.id);
      throw err;
    }
    const wrongSize = ticket.exactSize !== null && object.size !== ticket.exactSize;
    const wrongHash = ticket.sha256 !== null && object.sha256 !== ticket.sha256;
    if (wrongSize || wrongHash) {
      await this.files.remove(caller, [object.objectId]);
      await filesRepo.releaseTicket(db, ticket.id);
      throw invalidInput(
        wrongSize
          ? { zh: `文件应为 ${ticket.exactSize} 字节，收到 ${object.size} 字节`, en: `The file must be ${ticket.exactSize} bytes; got ${object.size}`, ru: `Файл должен быть размером ${ticket.exactSize} байт; получено ${object.size}` }
          : { zh: '文件的 SHA-256 与申请上传链接时声明的不一致', en: 'The SHA-256 of the file differs from the one the upload URL was issued for', ru: 'SHA-256 файла отличается от того, для которого выдана ссылка загрузки' },
      );
    }
    await filesRepo.pointTicket(db, ticket.id, object.objectId);
    return object;
  }

  /** Signed download URLs for several files of the team; the rest are named with a reason. */
  async downloads(caller: Caller, objectIds: string[], expiresInSeconds: number) {
    return this.downloadsOfTeam(caller.teamId!, objectIds, expiresInSeconds);
  }

  /** The same for a team the caller reads on the platform's behalf (a reviewer, a developer's listing). */
  async downloadsOfTeam(teamId: string, objectIds: string[], expiresInSeconds: number) {
    const rows = await filesRepo.ofTeam(this.deps.db, teamId, objectIds);
    const expires = this.deps.clock.now().getTime() + expiresInSeconds * 1000;
    const urlsInfo = [];
    const errorObjects = [];
    for (const objectId of [...new Set(objectIds)]) {
      const row = rows.find((r) => r.id === objectId);
      if (!row) errorObjects.push({ objectId, reason: 'not found' });
      else if (row.state !== 'ready') errorObjects.push({ objectId, reason: row.state === 'failed' ? 'upload failed' : 'still uploading' });
      else {
        const sig = await this.signer.sign(row.id, expires);
        urlsInfo.push({ objectId, fileName: row.fileName, size: row.size, url: `${buildPath(fileApi.downloadObject, { objectId })}?expires=${expires}&sig=${sig}`, expiresAt: new Date(expires).toISOString() });
      }
    }
    return { urlsInfo, errorObjects };
  }
}
