import type { Family } from '../../platform/deps';
import { APP_LINK_LIMITS } from '@wharf/rules';
import { appLinksRepo } from './repo';
import { clientRoutes } from './routes/client';
import { consoleRoutes } from './routes/console';
import { registerLinkHost } from './routes/link-host';
import { appLinksOf } from './services';

const ROUTES = [consoleRoutes, clientRoutes];

/** App links: a project's short links, their prefixes and hosts, deferred deep links and statistics (docs/app-links.md). */
export const appLinksFamily: Family = {
  name: 'app-links',
  services: [
    {
      id: 'app-links',
      serviceId: 'project.appLinks',
      menuId: 'app-links',
      categoryId: 3,
      names: { cn: '应用链接', en: 'App Linking', ru: 'Ссылки на приложение' },
      route: '/projects/:projectId/app-links',
      scope: 'project',
    },
  ],
  periodic: [
    { name: 'app link counts', everyMs: () => 5000, run: (deps) => appLinksOf(deps).meter.flush(deps.db) },
    { name: 'app link host checks', everyMs: () => 5 * 60_000, run: (deps) => appLinksOf(deps).prefixes.verifyPending() },
    {
      name: 'app link claims pruning',
      everyMs: () => 10 * 60_000,
      run: (deps) => {
        const now = deps.clock.now();
        return appLinksRepo.pruneClaims(deps.db, now, new Date(now.getTime() - APP_LINK_LIMITS.fingerprintHours * 3_600_000));
      },
    },
  ],
  register(app, deps) {
    const s = appLinksOf(deps);
    for (const route of ROUTES) route(app, s);
    registerLinkHost(s);
    app.addHook('onClose', async () => s.meter.flush(deps.db));
  },
};
