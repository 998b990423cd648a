import type { AuditAction } from '@wharf/contract';
import { auditActor, writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';

/** An analytics change in the team's audit log, on the app it concerns (in the change's transaction). */
export function auditAppChange(tx: DbOrTx, clock: Clock, caller: Caller, teamId: string, action: AuditAction, appId: string, data: Record<string, unknown>): Promise<void> {
  return writeAudit(tx, clock, { action, teamId, ...auditActor(caller), targetType: 'app', targetId: appId, data });
}
