import type { Zone } from '@wharf/rules';
import type { DbOrTx } from '../../platform/db/types';
import { projectsRepo, projectTeamOf } from './repo';

/** What other families need to know of a team's project: its name and data location. */
export async function projectFacts(db: DbOrTx, teamId: string, projectId: string): Promise<{ projectId: string; name: string; dataLocation: Zone } | null> {
  const row = await projectsRepo.byId(db, teamId, projectId);
  return row ? { projectId: row.id, name: row.name, dataLocation: row.dataLocation as Zone } : null;
}

/** The team a project belongs to (for the audit events of work no person started), or null. */
export const projectTeam = (db: DbOrTx, projectId: string): Promise<string | null> => projectTeamOf(db, projectId);

export interface ProjectFacts {
  projectId: string;
  name: string;
  dataLocation: Zone;
  createdAt: Date;
  updatedAt: Date;
}

/** A page of the team's projects (only these when given), newest first, and how many there are. */
export async function teamProjects(db: DbOrTx, teamId: string, page: { offset: number; limit: number; ids?: readonly string[] | undefined }): Promise<{ total: number; items: ProjectFacts[] }> {
  if (page.ids && !page.ids.length) return { total: 0, items: [] };
  const { total, rows } = await projectsRepo.slice(db, teamId, page);
  return { total, items: rows.map((r) => ({ projectId: r.id, name: r.name, dataLocation: r.dataLocation as Zone, createdAt: r.createdAt, updatedAt: r.updatedAt })) };
}
