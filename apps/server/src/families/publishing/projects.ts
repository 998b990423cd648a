import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { notFound } from '../../platform/http/errors';
import { teamApps } from '../apps/public';
import { teamProjects, type ProjectFacts } from '../projects/public';

const out = (p: ProjectFacts) => ({ projectId: p.projectId, projectName: p.name, dataLocation: p.dataLocation, createTime: p.createdAt.toISOString(), updateTime: p.updatedAt.toISOString() });

/** The Connect API's project calls: the projects, and their apps, an API client reaches. */
export class ConnectProjects {
  constructor(private readonly deps: Deps) {}

  /** A project-level client reaches its project; a client granted some apps the projects holding them; else all. */
  private async reachable(caller: Caller): Promise<readonly string[] | undefined> {
    if (caller.projectId) return [caller.projectId];
    if (caller.appScope) return [...new Set((await teamApps(this.deps.db, caller.teamId!, { appIds: caller.appScope })).map((a) => a.projectId))];
    return undefined;
  }

  async list(caller: Caller, q: { pageNum: number; pageSize: number }) {
    const ids = await this.reachable(caller);
    const { total, items } = await teamProjects(this.deps.db, caller.teamId!, { offset: (q.pageNum - 1) * q.pageSize, limit: q.pageSize, ids });
    return { total, projects: items.map(out) };
  }

  async get(caller: Caller, projectId: string, withApps: boolean) {
    const { db } = this.deps;
    const ids = await this.reachable(caller);
    const [project] = ids && !ids.includes(projectId) ? [] : (await teamProjects(db, caller.teamId!, { offset: 0, limit: 1, ids: [projectId] })).items;
    if (!project) throw notFound();
    if (!withApps) return { project: out(project) };
    const apps = await teamApps(db, caller.teamId!, { projectId, ...(caller.appScope ? { appIds: caller.appScope } : {}) });
    return { project: { ...out(project), apps: apps.map((a) => ({ appId: a.appId, appName: a.name, packageName: a.packageName })) } };
  }
}
