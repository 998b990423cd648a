import { auditActor, writeAudit } from '../../platform/audit';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';

/**
 * The audit event of a write made as the project (the console's data view, the server
 * SDK), to be written in the write's own transaction.
 */
export const adminWriteAudit =
  (deps: Pick<Deps, 'clock'>, caller: Caller, at: { projectId: string; zoneName: string; objectTypeName?: string }, op: string, documents: number) =>
  (tx: Tx): Promise<void> =>
    writeAudit(tx, deps.clock, {
      action: 'cloud-db.adminWrite',
      teamId: caller.teamId,
      ...auditActor(caller),
      targetType: 'project',
      targetId: at.projectId,
      data: { zone: at.zoneName, ...(at.objectTypeName ? { objectType: at.objectTypeName } : {}), op, documents },
    });
