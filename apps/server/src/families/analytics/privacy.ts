import { auditActor, writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { callerApp } from '../apps/public';
import { analyticsRepo } from './repo';
import { foldAll } from './rollup';

/**
 * Deletes one person's analytics data (a right-to-erasure request): what arrived is folded
 * first, so no summary brings the device back afterwards; then their raw events, days of
 * activity and devices go, in one transaction with the audit event that records it.
 */
export async function deleteUserData(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, appId: string, who: { instanceId?: string | undefined; userId?: string | undefined }) {
  const app = await callerApp(deps.db, caller, appId);
  await foldAll(deps);
  const gone = await deps.db.transaction(async (tx) => {
    const deleted = await analyticsRepo.deletePerson(tx, appId, who);
    await writeAudit(tx, deps.clock, {
      action: 'analytics.deleteUserData',
      teamId: app.teamId,
      ...auditActor(caller),
      targetType: 'app',
      targetId: appId,
      data: { ...who, deletedEvents: deleted.events, deletedInstances: deleted.instances },
    });
    return deleted;
  });
  return { deletedEvents: gone.events, deletedInstances: gone.instances };
}
