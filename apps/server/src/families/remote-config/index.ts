import type { Family } from '../../platform/deps';
import { RemoteConfigFetch } from './fetch';
import { clientRoutes } from './routes/client';
import { consoleRoutes } from './routes/console';
import { previewFor } from './preview';
import { RemoteConfigReview } from './review';
import { RemoteConfigService } from './service';
import { UpdateStreams } from './updates';

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
    const fetch = new RemoteConfigFetch(deps);
    const updates = new UpdateStreams(deps, (appId) => fetch.liveVersion(appId));
    // Open streams would hold a closing server's sockets until their timeout: end them first.
    app.addHook('preClose', (done) => {
      updates.closeAll();
      done();
    });
    const drafts = { ...deps, liveChanged: (appId: string) => fetch.forget(appId) };
    const s = { config: new RemoteConfigService(drafts), review: new RemoteConfigReview(drafts), fetch, updates, preview: previewFor.bind(null, deps) };
    consoleRoutes(app, s);
    clientRoutes(app, s);
  },
};
