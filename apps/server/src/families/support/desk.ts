import type { Deps } from '../../platform/deps';
import type { DbOrTx, Tx } from '../../platform/db/types';
import { conflict, invalidInput, notFound } from '../../platform/http/errors';
import { displayNames, teamNames } from '../accounts/public';
import { signedDownloadsOf } from '../files/public';
import { SupportMail } from './notify';
import { detailOut, type Names } from './present';
import { supportRepo, type TicketRow } from './repo';

/** Instances hear of every change to a ticket by pub/sub, to tell the streams that watch it. */
export const TICKET_CHANGED = 'support.ticket-changed';
export interface TicketChanged {
  ticketId: string;
  teamId: string;
  appId: string | null;
  requesterId: string | null;
  /** Only an internal note changed: nothing the team sees. */
  internal: boolean;
}

const NO_SUCH = { zh: '工单不存在', en: 'No such ticket', ru: 'Такого обращения нет' };
export const noSuchTicket = () => notFound(NO_SUCH);
export const closedTicket = () =>
  conflict({ zh: '工单已关闭，请提交新的工单', en: 'The ticket is closed; open a new one', ru: 'Обращение закрыто; создайте новое' });
/** How long an attachment's signed address stays valid. */
const ATTACHMENT_URL_SECONDS = 600;

export type View = 'team' | 'operator';

/**
 * What both sides of the support desk share: a ticket's answer as each side sees it, a
 * change as one transaction on the locked ticket that tells every instance, and a message
 * with the attachments it claims.
 */
export class TicketDesk {
  readonly mail: SupportMail;

  constructor(readonly deps: Deps) {
    this.mail = new SupportMail(deps);
  }

  async names(db: DbOrTx, rows: readonly TicketRow[], users: ReadonlyArray<string | null> = []): Promise<Names> {
    const ids = [...rows.flatMap((r) => [r.requesterId, r.assigneeId]), ...users].filter((x): x is string => !!x);
    const [u, t] = await Promise.all([displayNames(db, ids), teamNames(db, rows.map((r) => r.teamId))]);
    return { users: u, teams: t };
  }

  async detail(db: DbOrTx, row: TicketRow, view: View) {
    const messages = await supportRepo.messages(db, row.id, view === 'operator');
    const uploads = await supportRepo.uploadsOf(db, messages.map((m) => m.id));
    const [names, urls] = await Promise.all([
      this.names(db, [row], messages.map((m) => m.authorId)),
      signedDownloadsOf(this.deps, row.teamId, uploads.map((u) => u.fileId), ATTACHMENT_URL_SECONDS),
    ]);
    return { ticket: detailOut(row, messages, uploads, urls, names) };
  }

  /**
   * Runs a change on the locked ticket, if `reaches` lets the caller at it (else 404), and
   * tells every instance once it commits; answers the ticket as `view` sees it.
   */
  async change(ticketId: string, reaches: (row: TicketRow) => boolean, view: View, work: (tx: Tx, row: TicketRow, now: Date) => Promise<TicketRow | { row: TicketRow; internal: boolean }>) {
    const { db, clock } = this.deps;
    const row = await db.transaction(async (tx) => {
      const found = await supportRepo.byId(tx, ticketId, true);
      if (!found || !reaches(found)) throw noSuchTicket();
      const done = await work(tx, found, clock.now());
      const [changed, internal] = 'row' in done ? [done.row, done.internal] : [done, false];
      await this.changed(tx, changed, internal);
      return changed;
    });
    return this.detail(db, row, view);
  }

  changed(tx: DbOrTx, row: TicketRow, internal = false): Promise<void> {
    const message: TicketChanged = { ticketId: row.id, teamId: row.teamId, appId: row.appId, requesterId: row.requesterId, internal };
    return this.deps.pubsub.publishIn(tx, TICKET_CHANGED, message);
  }

  /** Adds a message with the attachments its tokens name: the team's own uploads, or an operator's for this ticket. */
  async addMessage(tx: DbOrTx, row: TicketRow, m: { author: 'team' | 'operator' | 'note'; authorId: string | null; text: string; tokens: readonly string[] }, now: Date) {
    const message = await supportRepo.addMessage(tx, { ticketId: row.id, author: m.author, authorId: m.authorId, text: m.text, createdAt: now });
    const tokens = [...new Set(m.tokens)];
    const claimed = await supportRepo.claimUploads(tx, row.teamId, m.author === 'team' ? null : row.id, tokens, message.id);
    if (claimed.length !== tokens.length) {
      throw invalidInput({
        zh: '参数不合法：attachmentTokens 中有无效或已使用的附件，请重新上传',
        en: 'Invalid input: attachmentTokens: an attachment is unknown or attached already; upload it again',
        ru: 'Недопустимые параметры: attachmentTokens: вложение неизвестно или уже прикреплено; загрузите его снова',
      });
    }
    return message;
  }

  async teamName(db: DbOrTx, row: TicketRow): Promise<string> {
    return (await teamNames(db, [row.teamId])).get(row.teamId) ?? '';
  }
}

export const ensureOpen = (row: TicketRow) => {
  if (row.state === 'closed') throw closedTicket();
};
