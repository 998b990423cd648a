import type { FeedbackState } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { conflict, invalidInput, notFound } from '../../platform/http/errors';
import { displayNames, membersSeeingApp, memberSeesApp } from '../accounts/public';
import { callerApp } from '../apps/public';
import { signedDownloadsOf } from '../files/public';
import { detailOut, emailOf, itemOut } from './present';
import { feedbackRepo, type FeedbackFilter, type FeedbackRow } from './repo';

const NO_SUCH = { zh: '反馈不存在', en: 'No such feedback', ru: 'Такого отзыва нет' };
/** How long a screenshot's signed address stays valid. */
const SCREENSHOT_URL_SECONDS = 600;

export interface ListQuery {
  appId: string;
  state?: FeedbackState | undefined;
  category?: string | undefined;
  assignee?: string | undefined;
  q?: string | undefined;
  pageSize?: number;
  cursor?: string | undefined;
}

/** The reply's subject in the language the user wrote in (English when unknown). */
function replySubject(appName: string, language: string | null): string {
  if (language?.startsWith('zh')) return `${appName}：对您反馈的回复`;
  if (language?.startsWith('ru')) return `${appName}: ответ на ваш отзыв`;
  return `${appName}: a reply to your feedback`;
}

/** The filter a query names: `me` is the caller, `none` nobody. */
export const filterOf = (caller: Caller, q: ListQuery): FeedbackFilter => ({
  appId: q.appId,
  state: q.state,
  category: q.category,
  assigneeId: q.assignee === 'me' ? caller.userId : q.assignee === 'none' ? null : q.assignee,
  q: q.q,
});

/**
 * The team's inbox of an app's feedback: read, moved between new, in progress and
 * resolved, assigned, noted, and answered by mail. Each change is one transaction with an
 * audit event; a reply's mail is written to the outbox in the same transaction.
 */
export class FeedbackInbox {
  constructor(private readonly deps: Deps) {}

  private async names(db: DbOrTx, rows: FeedbackRow[], extra: Array<string | null> = []) {
    return displayNames(db, [...rows.map((r) => r.assigneeId), ...extra].filter((x): x is string => !!x));
  }

  async list(caller: Caller, q: ListQuery) {
    const { db } = this.deps;
    await callerApp(db, caller, q.appId);
    const f = filterOf(caller, q);
    const pageSize = q.pageSize ?? 20;
    const [rows, counts] = await Promise.all([feedbackRepo.page(db, f, pageSize + 1, q.cursor ? decodeCursor(q.cursor) : undefined), feedbackRepo.counts(db, f)]);
    const { page, nextCursor } = pageOf(rows, pageSize, (r) => ({ at: r.createdAt, id: r.id }));
    const names = await this.names(db, page);
    return { items: page.map((r) => itemOut(r, names)), nextCursor, counts: { new: counts.new ?? 0, inProgress: counts.inProgress ?? 0, resolved: counts.resolved ?? 0 } };
  }

  async assignees(caller: Caller, appId: string) {
    const app = await callerApp(this.deps.db, caller, appId);
    return { members: await membersSeeingApp(this.deps.db, app.teamId, app.id, this.deps.clock.now()) };
  }

  private async detail(db: DbOrTx, row: FeedbackRow) {
    const notes = await feedbackRepo.notes(db, row.id);
    const names = await this.names(db, [row], notes.map((n) => n.authorId));
    const urls = await signedDownloadsOf(this.deps, row.teamId, row.screenshotIds, SCREENSHOT_URL_SECONDS);
    return { feedback: detailOut(row, notes, names, row.screenshotIds.flatMap((id) => (urls[id] ? [urls[id]] : []))) };
  }

  async get(caller: Caller, appId: string, feedbackId: string) {
    const { db } = this.deps;
    await callerApp(db, caller, appId);
    const row = await feedbackRepo.byId(db, appId, feedbackId);
    if (!row) throw notFound(NO_SUCH);
    return this.detail(db, row);
  }

  /** Runs a change on the locked feedback of an app the caller may handle. */
  private async change(caller: Caller, appId: string, feedbackId: string, work: (tx: DbOrTx, row: FeedbackRow, now: Date) => Promise<FeedbackRow>) {
    const { db, clock } = this.deps;
    await callerApp(db, caller, appId);
    const row = await db.transaction(async (tx) => {
      const found = await feedbackRepo.byId(tx, appId, feedbackId, true);
      if (!found) throw notFound(NO_SUCH);
      return work(tx, found, clock.now());
    });
    return this.detail(db, row);
  }

  update(caller: Caller, d: { appId: string; feedbackId: string; state?: FeedbackState | undefined; assigneeId?: string | null | undefined }) {
    const { clock } = this.deps;
    return this.change(caller, d.appId, d.feedbackId, async (tx, row, now) => {
      if (d.assigneeId && !(await memberSeesApp(tx, row.teamId, d.assigneeId, row.appId, now))) {
        throw invalidInput({ zh: '参数不合法：assigneeId 不是可以查看该应用的团队成员', en: 'Invalid input: assigneeId: not a member of the team who can see this app', ru: 'Недопустимые параметры: assigneeId — не участник команды, которому доступно это приложение' });
      }
      const set: Partial<FeedbackRow> = { updatedAt: now };
      if (d.state !== undefined && d.state !== row.state) Object.assign(set, { state: d.state, resolvedAt: d.state === 'resolved' ? now : null });
      if (d.assigneeId !== undefined && d.assigneeId !== row.assigneeId) set.assigneeId = d.assigneeId;
      if (Object.keys(set).length === 1) return row;
      const updated = await feedbackRepo.update(tx, row.id, set);
      await writeAudit(tx, clock, { action: 'feedback.update', teamId: row.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'feedback', targetId: row.id, data: { appId: row.appId, from: { state: row.state, assigneeId: row.assigneeId }, to: { state: updated.state, assigneeId: updated.assigneeId } } });
      return updated;
    });
  }

  note(caller: Caller, d: { appId: string; feedbackId: string; text: string }) {
    const { clock } = this.deps;
    return this.change(caller, d.appId, d.feedbackId, async (tx, row, now) => {
      const note = await feedbackRepo.addNote(tx, { feedbackId: row.id, kind: 'note', text: d.text, authorId: caller.userId, createdAt: now });
      await writeAudit(tx, clock, { action: 'feedback.note', teamId: row.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'feedback', targetId: row.id, data: { appId: row.appId, noteId: note.id } });
      return feedbackRepo.update(tx, row.id, { updatedAt: now });
    });
  }

  reply(caller: Caller, d: { appId: string; feedbackId: string; text: string }) {
    const { clock, mailer } = this.deps;
    return this.change(caller, d.appId, d.feedbackId, async (tx, row, now) => {
      const to = emailOf(row.contact);
      if (!to) throw conflict({ zh: '用户没有留下电子邮箱，无法通过邮件回复', en: 'The user left no email address to reply to', ru: 'Пользователь не оставил адрес электронной почты для ответа' });
      const app = await callerApp(tx, caller, row.appId);
      const quoted = row.text.split('\n').map((l) => `> ${l}`).join('\n');
      await mailer.enqueue(tx, { to, kind: 'feedback-reply', subject: replySubject(app.name, row.language), text: `${d.text}\n\n${quoted}\n` });
      const note = await feedbackRepo.addNote(tx, { feedbackId: row.id, kind: 'reply', text: d.text, authorId: caller.userId, mailedTo: to, createdAt: now });
      await writeAudit(tx, clock, { action: 'feedback.reply', teamId: row.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'feedback', targetId: row.id, data: { appId: row.appId, noteId: note.id } });
      return feedbackRepo.update(tx, row.id, { updatedAt: now, ...(row.state === 'new' ? { state: 'inProgress' } : {}) });
    });
  }
}
