import type { AuditAction } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { notFound } from '../../platform/http/errors';
import { cloudFunctionsRepo as repo, type FunctionRow } from './repo';
import { WORDS } from './words';

/** The project's function, locked when asked (a change to it or to what hangs off it), or 404. */
export async function foundFunction(db: DbOrTx, projectId: string, functionId: string, lock = false): Promise<FunctionRow> {
  const fn = await repo.get(db, projectId, functionId, lock);
  if (!fn) throw notFound(WORDS.noFunction);
  return fn;
}

/** The audit event of a change to a function or what hangs off it (versions, aliases, triggers, alarms, test events). */
export function auditFunction(tx: DbOrTx, clock: Clock, caller: Caller, action: Extract<AuditAction, `cloud-functions.${string}`>, fn: FunctionRow, data: Record<string, unknown>): Promise<void> {
  return writeAudit(tx, clock, { action, teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'cloud-function', targetId: fn.id, data: { projectId: fn.projectId, name: fn.name, ...data } });
}
