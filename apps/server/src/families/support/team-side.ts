import { responseDueAt, supportRateable, type SupportPriority, type SupportState } from '@wharf/rules';
import type { BodyOf, supportApi } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Caller } from '../../platform/http/access';
import { conflict } from '../../platform/http/errors';
import { callerApp } from '../apps/public';
import { ensureOpen, noSuchTicket, type TicketDesk } from './desk';
import { ticketOut } from './present';
import { supportRepo, type TicketFilter, type TicketRow } from './repo';
import { supportTimers } from './timers';

/** Which of the team's tickets a member reaches: all of them, or an App administrator's apps' and their own. */
export function teamReach(caller: Pick<Caller, 'teamId' | 'userId' | 'appScope'>) {
  return (row: Pick<TicketRow, 'teamId' | 'appId' | 'requesterId'>): boolean =>
    row.teamId === caller.teamId && (!caller.appScope || row.requesterId === caller.userId || (!!row.appId && caller.appScope.includes(row.appId)));
}

/** The team's side of the support desk: its tickets, opened, written in, closed and rated. */
export class TeamTickets {
  constructor(private readonly desk: TicketDesk) {}

  private get deps() {
    return this.desk.deps;
  }

  private audit(tx: Parameters<typeof writeAudit>[0], caller: Caller, action: 'support.create' | 'support.reply' | 'support.close' | 'support.rate', row: TicketRow, data: Record<string, unknown> = {}) {
    return writeAudit(tx, this.deps.clock, { action, teamId: row.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'supportTicket', targetId: row.id, data: { number: row.number, ...data } });
  }

  async create(caller: Caller, input: BodyOf<typeof supportApi.createTicket>, origin: string) {
    const { db, clock } = this.deps;
    const app = input.appId ? await callerApp(db, caller, input.appId) : null;
    const row = await db.transaction(async (tx) => {
      const now = clock.now();
      const created = await supportRepo.insert(tx, {
        teamId: caller.teamId!,
        appId: app?.id ?? null,
        appName: app?.name ?? null,
        category: input.category,
        priority: input.priority ?? 'normal',
        subject: input.subject,
        requesterId: caller.userId,
        responseDueAt: responseDueAt(input.priority ?? 'normal', now),
        lastMessageAt: now,
        messageCount: 1,
        createdAt: now,
        updatedAt: now,
      });
      await this.desk.addMessage(tx, created, { author: 'team', authorId: caller.userId, text: input.text, tokens: input.attachmentTokens ?? [] }, now);
      await this.audit(tx, caller, 'support.create', created, { category: created.category, priority: created.priority });
      await supportTimers.waiting(this.deps, tx, created);
      await this.desk.mail.toOperators(tx, 'created', created, await this.desk.teamName(tx, created), input.text, origin);
      await this.desk.changed(tx, created);
      return created;
    });
    void this.deps.mailer.deliverPending().catch(() => undefined);
    return this.desk.detail(db, row, 'team');
  }

  async list(caller: Caller, q: { state?: SupportState | undefined; pageNo?: number; pageSize?: number }) {
    const { db } = this.deps;
    const f: TicketFilter = { teamId: caller.teamId!, within: caller.appScope ? { appIds: caller.appScope, requesterId: caller.userId! } : undefined, state: q.state };
    const pageSize = q.pageSize ?? 20;
    const [{ rows, total }, counts] = await Promise.all([supportRepo.page(db, f, 'updated', ((q.pageNo ?? 1) - 1) * pageSize, pageSize), supportRepo.counts(db, f)]);
    const names = await this.desk.names(db, rows);
    return { items: rows.map((r) => ticketOut(r, names)), total, counts: { open: counts.open ?? 0, pending: counts.pending ?? 0, resolved: counts.resolved ?? 0, closed: counts.closed ?? 0 } };
  }

  async get(caller: Caller, ticketId: string) {
    const row = await supportRepo.byId(this.deps.db, ticketId);
    if (!row || !teamReach(caller)(row)) throw noSuchTicket();
    return this.desk.detail(this.deps.db, row, 'team');
  }

  /** The team's words: the ticket waits for the operators again, its due time from now unless it was waiting already. */
  async reply(caller: Caller, d: { ticketId: string; text: string; attachmentTokens?: string[] | undefined }, origin: string) {
    const answer = await this.desk.change(d.ticketId, teamReach(caller), 'team', async (tx, row, now) => {
      ensureOpen(row);
      await this.desk.addMessage(tx, row, { author: 'team', authorId: caller.userId, text: d.text, tokens: d.attachmentTokens ?? [] }, now);
      const waiting = row.state === 'open' && row.responseDueAt ? row.responseDueAt : responseDueAt(row.priority as SupportPriority, now);
      const updated = await supportRepo.update(tx, row.id, { state: 'open', responseDueAt: waiting, resolvedAt: null, lastAuthor: 'team', lastMessageAt: now, messageCount: row.messageCount + 1, updatedAt: now });
      await this.audit(tx, caller, 'support.reply', updated);
      await supportTimers.waiting(this.deps, tx, updated);
      await this.desk.mail.toOperators(tx, 'teamReplied', updated, await this.desk.teamName(tx, updated), d.text, origin);
      return updated;
    });
    void this.deps.mailer.deliverPending().catch(() => undefined);
    return answer;
  }

  close(caller: Caller, ticketId: string) {
    return this.desk.change(ticketId, teamReach(caller), 'team', async (tx, row, now) => {
      if (row.state === 'closed') return row;
      const updated = await supportRepo.update(tx, row.id, { state: 'closed', closedAt: now, responseDueAt: null, updatedAt: now });
      await this.audit(tx, caller, 'support.close', updated, { from: row.state });
      await supportTimers.closed(this.deps, tx, updated);
      return updated;
    });
  }

  rate(caller: Caller, d: { ticketId: string; score: number; comment?: string | undefined }) {
    return this.desk.change(d.ticketId, teamReach(caller), 'team', async (tx, row, now) => {
      if (!supportRateable({ state: row.state as SupportState, rated: row.ratingScore !== null })) {
        throw conflict(
          row.ratingScore !== null
            ? { zh: '该工单已评价过', en: 'This ticket has been rated already', ru: 'Это обращение уже оценено' }
            : { zh: '工单解决后才能评价', en: 'A ticket can be rated once it is resolved', ru: 'Оценить обращение можно после его решения' },
        );
      }
      const closing = row.state === 'resolved' ? { state: 'closed', closedAt: now } : {};
      const updated = await supportRepo.update(tx, row.id, { ratingScore: d.score, ratingComment: d.comment || null, ratedAt: now, updatedAt: now, ...closing });
      await this.audit(tx, caller, 'support.rate', updated, { score: d.score });
      if (closing.state) await supportTimers.closed(this.deps, tx, updated);
      return updated;
    });
  }
}
