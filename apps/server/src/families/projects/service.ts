import { PROJECTS_PER_TEAM_LIMIT, type Project } from '@wharf/contract';
import { siteIdOfZone, zoneOfSite, type Zone } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { joinReasons } from '../../platform/lifecycle';
import { teamById } from '../accounts/public';
import { projectDeleted } from './events';
import { projectsRepo, type ProjectRow } from './repo';

export function projectOut(r: ProjectRow): Project {
  return { projectId: r.id, name: r.name, dataLocation: r.dataLocation as Zone, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
}

const nameTaken = () => new AppError('conflict', { zh: '团队中已有同名项目', en: 'The team already has a project with this name', ru: 'У команды уже есть проект с таким названием' });

export class ProjectsService {
  constructor(private readonly deps: Deps) {}

  async create(caller: Caller, input: { name: string; dataLocation?: Zone | undefined }): Promise<Project> {
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction(async (tx) => {
      if ((await projectsRepo.count(tx, caller.teamId!)) >= PROJECTS_PER_TEAM_LIMIT) {
        throw new AppError('conflict', { zh: `团队的项目数已达上限（${PROJECTS_PER_TEAM_LIMIT} 个）`, en: `Your team has reached the project limit (${PROJECTS_PER_TEAM_LIMIT})`, ru: `Команда достигла предела числа проектов (${PROJECTS_PER_TEAM_LIMIT})` });
      }
      if (await projectsRepo.byName(tx, caller.teamId!, input.name)) throw nameTaken();
      // Without a choice, the data stays in the team's home zone.
      const team = (await teamById(tx, caller.teamId!))!;
      const dataLocation = input.dataLocation ?? zoneOfSite(team.siteId);
      const row = await projectsRepo.insert(tx, { teamId: caller.teamId!, name: input.name, dataLocation, createdAt: now, updatedAt: now });
      await writeAudit(tx, clock, { action: 'project.create', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'project', targetId: row.id, data: { name: row.name, dataLocation } });
      return projectOut(row);
    });
  }

  async list(caller: Caller, q: { pageSize: number; cursor?: string | undefined; withTotal: boolean; search?: string | undefined }) {
    const { db } = this.deps;
    const rows = await projectsRepo.page(db, caller.teamId!, {
      limit: q.pageSize + 1,
      search: q.search,
      ...(q.cursor ? { before: decodeCursor(q.cursor) } : {}),
    });
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: r.createdAt, id: r.id }));
    return {
      items: page.map(projectOut),
      nextCursor,
      ...(q.withTotal ? { total: await projectsRepo.count(db, caller.teamId!, q.search) } : {}),
    };
  }

  /** A project of the caller's team, or 404: another team's project does not exist. */
  async get(caller: Caller, projectId: string): Promise<ProjectRow> {
    const row = await projectsRepo.byId(this.deps.db, caller.teamId!, projectId);
    if (!row) throw notFound();
    return row;
  }

  async rename(caller: Caller, projectId: string, name: string): Promise<Project> {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const row = await projectsRepo.byId(tx, caller.teamId!, projectId);
      if (!row) throw notFound();
      const other = await projectsRepo.byName(tx, caller.teamId!, name);
      if (other && other.id !== projectId) throw nameTaken();
      const updated = await projectsRepo.rename(tx, projectId, name, clock.now());
      await writeAudit(tx, clock, { action: 'project.rename', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'project', targetId: projectId, data: { before: row.name, after: name } });
      return projectOut(updated);
    });
  }

  async remove(caller: Caller, projectId: string): Promise<void> {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const row = await projectsRepo.byId(tx, caller.teamId!, projectId);
      if (!row) throw notFound();
      const reasons = await this.deps.lifecycle.projectRemoving(tx, projectId);
      if (reasons.length) throw conflict(joinReasons(reasons));
      await projectsRepo.remove(tx, projectId);
      // Its rows go by cascade; the secrets its families sealed for it (signing keys,
      // identity providers' client secrets) are the secrets port's, named by the project.
      const secretsRemoved = await this.deps.secrets.removeOwnedBy(tx, 'project', projectId);
      await this.deps.events.publish(tx, projectDeleted, projectId, { projectId, teamId: caller.teamId! });
      await writeAudit(tx, clock, { action: 'project.delete', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'project', targetId: projectId, data: { name: row.name, secretsRemoved } });
    });
  }

  region(row: ProjectRow) {
    const zone = row.dataLocation as Zone;
    return { dataLocation: zone, siteId: siteIdOfZone(zone), gatewayUrl: this.deps.config.zoneGateways[zone] ?? '' };
  }

  configFile(row: ProjectRow, origin: string) {
    const { dataLocation, gatewayUrl } = this.region(row);
    return {
      fileName: 'agconnect-services.json',
      content: {
        configuration_version: '3.0',
        region: dataLocation,
        agcgw: { url: gatewayUrl || origin },
        client: { project_id: row.id, product_id: row.id, team_id: row.teamId },
      },
    };
  }
}
