import type { Family } from '../../platform/deps';
import { consoleRoutes } from './routes/console';
import { AbTestingService } from './service';

/** A/B Testing: experiments on Remote Configuration parameters, judged by App Analytics events. */
export const abTestingFamily: Family = {
  name: 'ab-testing',
  services: [
    {
      id: 'ab-testing',
      serviceId: 'app.abTesting',
      menuId: 'ab-testing',
      categoryId: 3,
      names: { cn: 'A/B 测试', en: 'A/B Testing', ru: 'A/B-тестирование' },
      route: '/apps/:appId/ab-testing',
      scope: 'app',
    },
  ],
  register(app, deps) {
    consoleRoutes(app, { experiments: new AbTestingService(deps) });
  },
};
