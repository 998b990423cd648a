import type { Family } from '../../platform/deps';
import { Audiences, recomputeStaleAudiences } from './audiences';
import { countDistribution } from './distribution-events';
import { AnalyticsIngest } from './ingest';
import { Reports } from './reports';
import { dropExpiredExports, runReports } from './report-worker';
import { enforceRetention } from './retention';
import { foldAll } from './rollup';
import { clientRoutes } from './routes/client';
import { audienceRoutes } from './routes/audiences';
import { consoleRoutes } from './routes/console';
import { reportRoutes } from './routes/reports';
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
  subscriptions: [countDistribution],
  register(app, deps) {
    const settings = new AnalyticsSettingsStore(deps);
    const s = { settings, ingest: new AnalyticsIngest(deps, settings), reports: new Reports(deps, settings), audiences: new Audiences(deps, settings) };
    consoleRoutes(app, deps, s);
    reportRoutes(app, s);
    audienceRoutes(app, s);
    clientRoutes(app, s);
  },
  periodic: [
    { name: 'analytics rollup', everyMs: (config) => config.analytics.rollupMs, run: (deps) => foldAll(deps) },
    { name: 'analytics reports', everyMs: (config) => config.analytics.reportsMs, run: (deps) => runReports(deps, new AnalyticsSettingsStore(deps)) },
    { name: 'analytics audiences', everyMs: () => 60_000, run: (deps) => recomputeStaleAudiences(deps, new AnalyticsSettingsStore(deps)) },
    { name: 'analytics retention', everyMs: () => 3_600_000, run: async (deps) => [await enforceRetention(deps), await dropExpiredExports(deps)] },
  ],
};
