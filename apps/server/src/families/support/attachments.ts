import type { Readable } from 'node:stream';
import { supportApi } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { safeFileName } from '../../platform/http/file-name';
import { filesOf } from '../files/public';
import { ensureOpen, noSuchTicket } from './desk';
import { supportRepo } from './repo';

/**
 * Attachments of tickets, from either side: stored as files of the ticket's team (checked
 * by their first bytes to be the type they were sent as), then named by a single-use
 * token in the message that carries them.
 */
export class SupportAttachments {
  constructor(private readonly deps: Deps) {}

  /** The team's own, for a new ticket or any of its tickets. */
  fromTeam(caller: Caller, body: Readable, q: { fileName: string; contentType: string }) {
    return this.store(caller, caller.teamId!, null, body, q);
  }

  /** An operator's, for one ticket. */
  async fromOperator(caller: Caller, ticketId: string, body: Readable, q: { fileName: string; contentType: string }) {
    const row = await supportRepo.byId(this.deps.db, ticketId);
    if (!row) {
      body.resume();
      throw noSuchTicket();
    }
    ensureOpen(row);
    return this.store(caller, row.teamId, row.id, body, q);
  }

  private async store(caller: Caller, teamId: string, ticketId: string | null, body: Readable, q: { fileName: string; contentType: string }) {
    const fileName = safeFileName(q.fileName, 'attachment');
    const file = await filesOf(this.deps).upload({ ...caller, teamId }, body, {
      fileName,
      contentType: q.contentType,
      bizTag: q.contentType.startsWith('image/') ? 'img' : 'file',
      maxBytes: supportApi.SUPPORT_LIMITS.attachmentBytes,
      strictType: true,
    });
    const upload = await supportRepo.addUpload(this.deps.db, { teamId, ticketId, fileId: file.objectId, fileName, contentType: q.contentType, size: file.size, uploaderId: caller.userId, createdAt: this.deps.clock.now() });
    return { attachmentToken: upload.token, fileName, size: file.size };
  }
}
