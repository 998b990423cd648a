import type { Clock } from './clock';
import { auditEvents } from './db/tables';
import type { DbOrTx } from './db/types';

export interface AuditEvent {
  action: string;
  teamId?: string | null;
  actorId?: string | null;
  actorKind?: 'user' | 'operator' | 'system' | 'device';
  targetType?: string | null;
  targetId?: string | null;
  data?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Writes an audit event. Pass the transaction of the change it records, so the event
 * exists exactly when the change does.
 */
export async function writeAudit(tx: DbOrTx, clock: Clock, event: AuditEvent): Promise<void> {
  await tx.insert(auditEvents).values({
    at: clock.now(),
    action: event.action,
    teamId: event.teamId ?? null,
    actorId: event.actorId ?? null,
    actorKind: event.actorKind ?? 'user',
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    data: event.data ?? {},
    ip: event.ip ?? null,
  });
}
