import { and, desc, eq, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@wharf/contract';
import type { Clock } from './clock';
import type { Caller } from './http/access';
import { auditEvents } from './db/tables';
import type { DbOrTx } from './db/types';
import { pastCursor } from './db/keyset';

export interface AuditEvent {
  /** One of the contract's catalogue, which the console words in three languages. */
  action: AuditAction;
  teamId?: string | null;
  actorId?: string | null;
  actorKind?: 'user' | 'operator' | 'system' | 'device' | 'app-user' | 'api-client';
  targetType?: string | null;
  targetId?: string | null;
  data?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Who a request's change is recorded as: the signed-in person, or an API client by its
 * client ID (a CI job has no person), with the request's address.
 */
export function auditActor(caller: Pick<Caller, 'kind' | 'userId' | 'clientId' | 'ip'>): Pick<AuditEvent, 'actorId' | 'actorKind' | 'ip'> {
  if (caller.kind === 'api-client') return { actorKind: 'api-client', actorId: caller.clientId, ip: caller.ip };
  return { actorKind: caller.kind === 'operator' ? 'operator' : 'user', actorId: caller.userId, ip: caller.ip };
}

/**
 * Writes an audit event. Pass the transaction of the change it records, so the event
 * exists exactly when the change does. Changes a request makes pass its address (`caller.ip`).
 */
export async function writeAudit(tx: DbOrTx, clock: Clock, event: AuditEvent): Promise<void> {
  await writeAudits(tx, clock, [event]);
}

/** Several audit events of one change in one statement (a batch of edits written together). */
export async function writeAudits(tx: DbOrTx, clock: Clock, events: AuditEvent[]): Promise<void> {
  if (!events.length) return;
  await tx.insert(auditEvents).values(events.map((event) => auditRow(clock, event)));
}

/**
 * Audit events as a data-modifying CTE, for the statement that writes the change's own
 * records (a version's history): both in one round trip.
 */
export function auditsWith(db: DbOrTx, clock: Clock, events: AuditEvent[]) {
  return db.$with('audits_written').as(db.insert(auditEvents).values(events.map((event) => auditRow(clock, event))).returning({ id: auditEvents.id }));
}

/**
 * Audit events written by the change's own statement, only if it touched a row (the CTE
 * named `changed`): any number of them as one parameter, in the order given.
 */
export function auditsWithIf(db: DbOrTx, clock: Clock, events: AuditEvent[], changed: string) {
  return auditsWithIfFrom(db, auditRowsJson(clock, events), changed);
}

/** Audit events as the one jsonb value `auditsWithIfFrom` takes (a prepared statement's slot). */
export function auditRowsJson(clock: Clock, events: AuditEvent[]): string {
  return JSON.stringify(
    events.map((event) => {
      const r = auditRow(clock, event);
      return { at: r.at.toISOString(), action: r.action, team_id: r.teamId, actor_id: r.actorId, actor_kind: r.actorKind, target_type: r.targetType, target_id: r.targetId, data: r.data, ip: r.ip };
    }),
  );
}

/**
 * `auditsWithIf` with its events given as a value or a placeholder (`auditRowsJson`'s
 * text), so a statement prepared once (platform/db/prepared.ts) records each call's events.
 */
export function auditsWithIfFrom(db: DbOrTx, rows: string | Placeholder, changed: string) {
  return db.$with('audits_written', { id: auditEvents.id }).as(
    sql`insert into ${auditEvents} (at, action, team_id, actor_id, actor_kind, target_type, target_id, data, ip)
      select r.at, r.action, r.team_id, r.actor_id, r.actor_kind, r.target_type, r.target_id, r.data, r.ip
      from jsonb_populate_recordset(null::audit_events, ${rows}::jsonb) with ordinality as r
      where exists (select 1 from ${sql.identifier(changed)}) order by r.ordinality returning id`,
  );
}

/**
 * An audit event as a data-modifying CTE for the change's own statement, written only if
 * the change (the CTE named `changed`) touched a row: the change and its record commit
 * together with no transaction around them, and a row the change locks is held for the
 * statement alone instead of two more round trips (docs/performance.md).
 */
export function auditWith(db: DbOrTx, clock: Clock, event: AuditEvent, changed: string) {
  const r = auditRow(clock, event);
  return db.$with('audit_written', { id: auditEvents.id }).as(
    sql`insert into ${auditEvents} (at, action, team_id, actor_id, actor_kind, target_type, target_id, data, ip)
      select ${r.at.toISOString()}::timestamptz, ${r.action}, ${r.teamId}, ${r.actorId}, ${r.actorKind}, ${r.targetType}, ${r.targetId}, ${JSON.stringify(r.data)}::jsonb, ${r.ip}
      from ${sql.identifier(changed)} limit 1 returning id`,
  );
}

function auditRow(clock: Clock, event: AuditEvent): typeof auditEvents.$inferInsert & { at: Date } {
  return {
    at: clock.now(),
    action: event.action,
    teamId: event.teamId ?? null,
    actorId: event.actorId ?? null,
    actorKind: event.actorKind ?? 'user',
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    data: event.data ?? {},
    ip: event.ip ?? null,
  };
}

export type AuditRow = typeof auditEvents.$inferSelect;

export interface AuditFilter {
  action?: string | undefined;
  actorId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function filtered(teamId: string, filter: AuditFilter): SQL[] {
  const where: SQL[] = [eq(auditEvents.teamId, teamId)];
  if (filter.action) where.push(eq(auditEvents.action, filter.action));
  if (filter.actorId) where.push(eq(auditEvents.actorId, filter.actorId));
  if (filter.from) where.push(gte(auditEvents.at, filter.from));
  if (filter.to) where.push(lt(auditEvents.at, filter.to));
  return where;
}

/** A team's audit events, newest first, by keyset (time, then id). */
export async function auditPage(db: DbOrTx, teamId: string, filter: AuditFilter, limit: number, after?: { at: Date; id: string }): Promise<AuditRow[]> {
  const where = filtered(teamId, filter);
  if (after) {
    const id = Number(after.id);
    where.push(pastCursor(auditEvents.at, auditEvents.id, { at: after.at, id: String(Number.isSafeInteger(id) ? id : 0) })!);
  }
  return db.select().from(auditEvents).where(and(...where)).orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(limit);
}

export async function auditCount(db: DbOrTx, teamId: string, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(and(...filtered(teamId, filter)));
  return row?.n ?? 0;
}
