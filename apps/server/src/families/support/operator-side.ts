import { responseDueAt, SUPPORT_RESPONSE_HOURS, type SupportPriority } from '@wharf/rules';
import type { BodyOf, supportApi } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { invalidInput } from '../../platform/http/errors';
import { operatorsWithRole } from '../accounts/public';
import { ensureOpen, noSuchTicket, type TicketDesk } from './desk';
import { ticketOut } from './present';
import { supportRepo, type TicketFilter, type TicketRow } from './repo';
import { supportTimers } from './timers';

const EVERY = () => true;

export interface QueueQuery {
  state?: string | undefined;
  assignee?: string | undefined;
  category?: string | undefined;
  priority?: string | undefined;
  q?: string | undefined;
  sort: 'due' | 'updated';
  pageNo: number;
  pageSize: number;
}
const SATISFACTION_DAYS = 30;
const HOUR_MS = 3_600_000;

/** The operators' side of the support desk: every team's tickets, answered, noted, assigned and resolved. */
export class SupportQueue {
  constructor(private readonly desk: TicketDesk) {}

  private get deps() {
    return this.desk.deps;
  }

  private audit(tx: DbOrTx, caller: Caller, action: 'support.answer' | 'support.note' | 'support.update', row: TicketRow, data: Record<string, unknown>) {
    // An internal note is the platform's own business: it stays out of the team's audit log.
    const teamId = action === 'support.note' ? null : row.teamId;
    return writeAudit(tx, this.deps.clock, { action, teamId, actorId: caller.userId, actorKind: 'operator', ip: caller.ip, targetType: 'supportTicket', targetId: row.id, data: { number: row.number, ...data } });
  }

  async queue(caller: Caller, q: QueueQuery) {
    const { db, clock } = this.deps;
    const now = clock.now();
    const f: TicketFilter = { state: q.state, assigneeId: q.assignee === 'me' ? caller.userId : q.assignee === 'none' ? null : q.assignee, category: q.category, priority: q.priority, q: q.q };
    const pageSize = q.pageSize;
    const [{ rows, total }, counts, breached, byScore] = await Promise.all([
      supportRepo.page(db, f, q.sort, (q.pageNo - 1) * pageSize, pageSize),
      supportRepo.counts(db, f),
      supportRepo.breached(db, now),
      supportRepo.ratings(db, new Date(now.getTime() - SATISFACTION_DAYS * 24 * HOUR_MS)),
    ]);
    const names = await this.desk.names(db, rows);
    const ratings = byScore.reduce((a, b) => a + b, 0);
    const average = ratings ? Math.round((byScore.reduce((sum, n, i) => sum + n * (i + 1), 0) / ratings) * 100) / 100 : null;
    return {
      items: rows.map((r) => ticketOut(r, names)),
      total,
      counts: { open: counts.open ?? 0, pending: counts.pending ?? 0, resolved: counts.resolved ?? 0, closed: counts.closed ?? 0 },
      breached,
      satisfaction: { ratings, average, byScore },
    };
  }

  async get(ticketId: string) {
    const row = await supportRepo.byId(this.deps.db, ticketId);
    if (!row) throw noSuchTicket();
    return this.desk.detail(this.deps.db, row, 'operator');
  }

  async agents() {
    return { agents: (await operatorsWithRole(this.deps.db, 'support')).map((a) => ({ userId: a.userId, name: a.name })) };
  }

  /** An answer leaves the ticket with the team (or resolved) and is mailed to whoever opened it; a note only records. */
  async reply(caller: Caller, d: BodyOf<typeof supportApi.operatorReplyTicket>, origin: string) {
    const answer = await this.desk.change(d.ticketId, EVERY, 'operator', async (tx, row, now) => {
      ensureOpen(row);
      if (d.internal) {
        const note = await this.desk.addMessage(tx, row, { author: 'note', authorId: caller.userId, text: d.text, tokens: d.attachmentTokens ?? [] }, now);
        await this.audit(tx, caller, 'support.note', row, { messageId: note.id });
        return { row: await supportRepo.update(tx, row.id, { updatedAt: now }), internal: true };
      }
      const message = await this.desk.addMessage(tx, row, { author: 'operator', authorId: caller.userId, text: d.text, tokens: d.attachmentTokens ?? [] }, now);
      const then = d.then ?? 'pending';
      const updated = await supportRepo.update(tx, row.id, {
        state: then,
        responseDueAt: null,
        firstResponseAt: row.firstResponseAt ?? now,
        assigneeId: row.assigneeId ?? caller.userId,
        resolvedAt: then === 'resolved' ? now : null,
        lastAuthor: 'operator',
        lastMessageAt: now,
        messageCount: row.messageCount + 1,
        updatedAt: now,
      });
      await this.audit(tx, caller, 'support.answer', updated, { messageId: message.id, then });
      await supportTimers.answered(this.deps, tx, updated);
      await this.desk.mail.toRequester(tx, then === 'resolved' ? 'resolved' : 'answered', updated, await this.desk.teamName(tx, updated), d.text, origin);
      return updated;
    });
    void this.deps.mailer.deliverPending().catch(() => undefined);
    return answer;
  }

  async update(caller: Caller, d: BodyOf<typeof supportApi.operatorUpdateTicket>, origin: string) {
    const answer = await this.desk.change(d.ticketId, EVERY, 'operator', async (tx, row, now) => {
      ensureOpen(row);
      if (d.assigneeId && !(await operatorsWithRole(tx, 'support')).some((a) => a.userId === d.assigneeId)) {
        throw invalidInput({ zh: '参数不合法：assigneeId 不是支持人员', en: 'Invalid input: assigneeId: not an operator of the support desk', ru: 'Недопустимые параметры: assigneeId — не сотрудник поддержки' });
      }
      const set: Partial<TicketRow> = {};
      if (d.assigneeId !== undefined && d.assigneeId !== row.assigneeId) set.assigneeId = d.assigneeId;
      const priority = (d.priority ?? row.priority) as SupportPriority;
      if (priority !== row.priority) {
        set.priority = priority;
        // The wait began when it began: only the allowance changes.
        const shift = (SUPPORT_RESPONSE_HOURS[priority] - SUPPORT_RESPONSE_HOURS[row.priority as SupportPriority]) * HOUR_MS;
        if (row.responseDueAt) set.responseDueAt = new Date(row.responseDueAt.getTime() + shift);
      }
      if (d.state === 'resolved' && row.state !== 'resolved') Object.assign(set, { state: 'resolved', resolvedAt: now, responseDueAt: null });
      if (d.state === 'open' && row.state !== 'open') Object.assign(set, { state: 'open', resolvedAt: null, responseDueAt: responseDueAt(priority, now) });
      if (!Object.keys(set).length) return row;
      const updated = await supportRepo.update(tx, row.id, { ...set, updatedAt: now });
      await this.audit(tx, caller, 'support.update', updated, { from: { state: row.state, priority: row.priority, assigneeId: row.assigneeId }, to: { state: updated.state, priority: updated.priority, assigneeId: updated.assigneeId } });
      if (updated.state === 'open') await supportTimers.waiting(this.deps, tx, updated);
      else await supportTimers.answered(this.deps, tx, updated);
      if (set.state === 'resolved') await this.desk.mail.toRequester(tx, 'resolved', updated, await this.desk.teamName(tx, updated), null, origin);
      return updated;
    });
    void this.deps.mailer.deliverPending().catch(() => undefined);
    return answer;
  }
}
