import type { Family } from '../../platform/deps';
import { ProjectDbCluster } from './cluster';
import { ConsoleService } from './console';
import { databasesRepo } from './repo';
import { databaseRoutes } from './routes';
import { FORGET_TASK_KIND, SCRIPT_QUEUE, ScriptsService } from './scripts';
import { perDeps } from '../../platform/per-deps';
import { DatabasesService, DROP_KIND, type Parts } from './service';
import { SqlConsole } from './sql-console';

/** The family's service, once per running server: its server pool and sessions only where the deployment runs on PostgreSQL. */
export const databasesOf = perDeps((deps) => {
  const url = deps.config.projectDatabases.url;
  let parts: Parts | null = null;
  if (deps.config.database.kind === 'postgres' && url) {
    const cluster = new ProjectDbCluster(url, deps.config);
    parts = { cluster, console: new SqlConsole(cluster) };
  }
  return new DatabasesService(deps, parts);
});

/** Database management: a project's own PostgreSQL databases, their accounts and the SQL console (PostgreSQL deployments only). */
export const databasesFamily: Family = {
  name: 'databases',
  services: [
    {
      id: 'databases',
      serviceId: 'project.databases',
      menuId: 'databases',
      categoryId: 11,
      names: { cn: '数据库管理', en: 'Database management', ru: 'Управление базами данных' },
      route: '/projects/:projectId/databases',
      scope: 'project',
    },
  ],
  lifecycle: () => ({
    async projectRemoving(tx, projectId) {
      return (await databasesRepo.count(tx, projectId)) > 0
        ? { zh: '请先删除项目的数据库（数据库管理），并等待其保留期结束', en: "Delete the project's databases first (Database management) and let their grace period end", ru: 'Сначала удалите базы данных проекта (Управление базами данных) и дождитесь конца срока хранения' }
        : null;
    },
  }),
  periodic: [{ name: 'databases size quota', everyMs: () => 60_000, run: (deps) => databasesOf(deps).enforceQuota() }],
  register(app, deps) {
    const databases = databasesOf(deps);
    const parts = databases.parts;
    if (parts) {
      app.addHook('onClose', async () => {
        await parts.console.close();
        await parts.cluster.close();
      });
    }
    const scripts = new ScriptsService(databases);
    deps.dueActions.handle(DROP_KIND, (tx, payload) => databases.drop(tx, String(payload.databaseId)));
    deps.dueActions.handle(FORGET_TASK_KIND, (tx, payload) => scripts.forget(tx, String(payload.taskId)));
    deps.jobs.work<{ taskId: string }>(SCRIPT_QUEUE, ({ taskId }) => scripts.work(taskId));
    databaseRoutes(app, { databases, sql: new ConsoleService(databases), scripts });
  },
};
