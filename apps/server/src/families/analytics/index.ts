import type { Family } from '../../platform/deps';
import { AnalyticsIngest } from './ingest';
import { enforceRetention } from './retention';
import { foldAll } from './rollup';
import { clientRoutes } from './routes/client';
import { consoleRoutes } from './routes/console';
import { AnalyticsSettingsStore } from './settings';

/** Analytics: events from devices, rolled up into the counts and active users the dashboards read. */
export const analyticsFamily: Family = {
  name: 'analytics',
  services: [
    {
      id: 'analytics',
      serviceId: 'app.analytics',
      menuId: 'analytics',
      categoryId: 5,
      names: { cn: '应用分析', en: 'App Analytics', ru: 'Аналитика приложения' },
      route: '/apps/:appId/analytics',
      scope: 'app',
    },
  ],
  register(app, deps) {
    const settings = new AnalyticsSettingsStore(deps);
    const s = { settings, ingest: new AnalyticsIngest(deps, settings) };
    consoleRoutes(app, deps, s);
    clientRoutes(app, s);
  },
  periodic: [
    { name: 'analytics rollup', everyMs: (config) => config.analytics.rollupMs, run: (deps) => foldAll(deps) },
    { name: 'analytics retention', everyMs: () => 3_600_000, run: (deps) => enforceRetention(deps) },
  ],
};
