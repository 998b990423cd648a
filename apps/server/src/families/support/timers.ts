import { SUPPORT_AUTO_CLOSE_DAYS } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import type { TicketDesk } from './desk';
import { supportRepo, type TicketRow } from './repo';

const SLA_KIND = 'support.sla';
const AUTO_CLOSE_KIND = 'support.autoClose';
const DAY_MS = 86_400_000;

/**
 * A ticket's two timers, as due actions (fired once across instances): the operators are
 * told by mail when a waiting ticket passes its response time, and a resolved ticket the
 * team leaves alone closes after a week. Scheduled and cancelled in the change's transaction.
 */
export const supportTimers = {
  async waiting(deps: Pick<Deps, 'dueActions'>, tx: DbOrTx, row: TicketRow): Promise<void> {
    await deps.dueActions.cancel(tx, `support-close:${row.id}`);
    if (row.responseDueAt) await deps.dueActions.schedule(tx, { kind: SLA_KIND, dueAt: row.responseDueAt, payload: { ticketId: row.id }, dedupeKey: `support-sla:${row.id}` });
  },
  async answered(deps: Pick<Deps, 'dueActions'>, tx: DbOrTx, row: TicketRow): Promise<void> {
    await deps.dueActions.cancel(tx, `support-sla:${row.id}`);
    if (row.state === 'resolved') await deps.dueActions.schedule(tx, { kind: AUTO_CLOSE_KIND, dueAt: new Date(row.resolvedAt!.getTime() + SUPPORT_AUTO_CLOSE_DAYS * DAY_MS), payload: { ticketId: row.id }, dedupeKey: `support-close:${row.id}` });
    else await deps.dueActions.cancel(tx, `support-close:${row.id}`);
  },
  async closed(deps: Pick<Deps, 'dueActions'>, tx: DbOrTx, row: TicketRow): Promise<void> {
    await deps.dueActions.cancel(tx, `support-sla:${row.id}`);
    await deps.dueActions.cancel(tx, `support-close:${row.id}`);
  },
};

export function handleSupportTimers(deps: Deps, desk: TicketDesk): void {
  deps.dueActions.handle(SLA_KIND, async (tx, payload) => {
    const row = await supportRepo.byId(tx, String(payload.ticketId), true);
    // Answered, or waiting again with a later due time (its own timer is scheduled).
    if (!row || row.state !== 'open' || !row.responseDueAt || row.responseDueAt > deps.clock.now()) return;
    await desk.mail.toOperators(tx, 'breached', row, await desk.teamName(tx, row), null, null);
  });
  deps.dueActions.handle(AUTO_CLOSE_KIND, async (tx, payload) => {
    const row = await supportRepo.byId(tx, String(payload.ticketId), true);
    const now = deps.clock.now();
    if (!row || row.state !== 'resolved' || !row.resolvedAt || row.resolvedAt.getTime() + SUPPORT_AUTO_CLOSE_DAYS * DAY_MS > now.getTime()) return;
    const closed = await supportRepo.update(tx, row.id, { state: 'closed', closedAt: now, updatedAt: now });
    await writeAudit(tx, deps.clock, { action: 'support.autoClose', teamId: row.teamId, actorKind: 'system', targetType: 'supportTicket', targetId: row.id, data: { number: row.number } });
    await desk.changed(tx, closed);
  });
}
