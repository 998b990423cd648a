import type { Family } from '../../platform/deps';
import { testingExtensions } from './extensions';
import { GroupsService } from './groups';
import { OpenTestService } from './open';
import { TEST_END_KIND, TEST_START_KIND, TestVersionsService, fireTestWindow } from './test-versions';
import type { TestingServices } from './routes/context';
import { consoleRoutes } from './routes/console';
import { publicRoutes } from './routes/public';
import { clientRoutes } from './routes/client';

const ROUTES = [consoleRoutes, publicRoutes, clientRoutes];

/** Test-user groups, invitations, test versions and the open-test page's calls. */
export const testingFamily: Family = {
  name: 'testing',
  services: [
    {
      id: 'app-testing',
      serviceId: 'app.testing',
      menuId: 'app-testing',
      categoryId: 8,
      names: { cn: '应用测试', en: 'App testing', ru: 'Тестирование приложения' },
      route: '/apps/:appId/testing',
      scope: 'app',
    },
  ],
  extensions: testingExtensions,
  register(app, deps) {
    const s: TestingServices = { groups: new GroupsService(deps), tests: new TestVersionsService(deps), open: new OpenTestService(deps) };
    deps.dueActions.handle(TEST_START_KIND, (tx, payload) => fireTestWindow(deps, tx, String(payload.testVersionId), 'start'));
    deps.dueActions.handle(TEST_END_KIND, (tx, payload) => fireTestWindow(deps, tx, String(payload.testVersionId), 'end'));
    for (const route of ROUTES) route(app, s);
  },
};

export { OpenTestService } from './open';
