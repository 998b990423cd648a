import type { Family } from '../../platform/deps';
import { RemoteConfigFetch } from './fetch';
import { clientRoutes } from './routes/client';
import { consoleRoutes } from './routes/console';
import { RemoteConfigService } from './service';

/** Remote configuration: parameters and conditions per app, published in versions, fetched by devices. */
export const remoteConfigFamily: Family = {
  name: 'remote-config',
  services: [
    {
      id: 'remote-config',
      serviceId: 'app.remoteConfig',
      menuId: 'remote-config',
      categoryId: 3,
      names: { cn: '远程配置', en: 'Remote Configuration', ru: 'Удалённая конфигурация' },
      route: '/apps/:appId/remote-config',
      scope: 'app',
    },
  ],
  register(app, deps) {
    const s = { config: new RemoteConfigService(deps), fetch: new RemoteConfigFetch(deps) };
    consoleRoutes(app, s);
    clientRoutes(app, s);
  },
};
