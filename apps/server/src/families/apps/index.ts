import type { Family } from '../../platform/deps';
import { AppClients } from './client';
import { appClientCredentials } from './credentials';
import { appRoutes } from './routes/app';
import { appKeyRoutes } from './routes/app-keys';
import { appListRoutes } from './routes/list';
import { moreAppRoutes } from './routes/more';
import { seriesRoutes } from './routes/series';
import { AppSeries } from './series';
import { AppMover } from './move';
import { projectHoldsAnyApp, appsOf } from './public';
import { appsRepo } from './repo';
import { appRowsOf } from './app-rows';
import type { AppsServices } from './routes/context';

const ROUTES = [appKeyRoutes, appRoutes, appListRoutes, moreAppRoutes, seriesRoutes];

export const appsFamily: Family = {
  name: 'apps',
  services: [
    {
      id: 'my-apps',
      serviceId: 'app.myApps',
      menuId: 'my-apps',
      categoryId: 8,
      names: { cn: '我的应用', en: 'My apps', ru: 'Мои приложения' },
      route: '/apps',
      scope: 'team',
    },
    {
      id: 'app-information',
      serviceId: 'app.information',
      menuId: 'app-information',
      categoryId: 8,
      names: { cn: '应用信息', en: 'App information', ru: 'Информация о приложении' },
      route: '/apps/:appId/info',
      scope: 'app',
    },
  ],
  credentials: { 'app-client': appClientCredentials },
  projectScopes: (deps) => ({ holdsAnyApp: (projectId, appIds) => projectHoldsAnyApp(deps.db, projectId, appIds) }),
  lifecycle: () => ({
    async projectRemoving(tx, projectId) {
      const n = await appsRepo.countInProject(tx, projectId);
      return n ? { zh: `项目中还有 ${n} 个应用，请先删除或移走应用`, en: `The project still holds ${n} app(s); delete or move them first`, ru: `В проекте ещё есть приложения (${n}); сначала удалите или перенесите их` } : null;
    },
  }),
  register(app, deps) {
    appRowsOf(deps);
    const apps = appsOf(deps);
    const s: AppsServices = { apps, clients: new AppClients(deps, apps), mover: new AppMover(deps, apps), series: new AppSeries(deps, apps), db: deps.db };
    for (const route of ROUTES) route(app, s);
  },
};
