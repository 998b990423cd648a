import type { Zone } from '@wharf/rules';
import type { DbOrTx } from '../../platform/db/types';
import { projectsRepo } from './repo';

/** What other families need to know of a team's project: its name and data location. */
export async function projectFacts(db: DbOrTx, teamId: string, projectId: string): Promise<{ projectId: string; name: string; dataLocation: Zone } | null> {
  const row = await projectsRepo.byId(db, teamId, projectId);
  return row ? { projectId: row.id, name: row.name, dataLocation: row.dataLocation as Zone } : null;
}
