import type { Family } from '../../platform/deps';
import { perDeps } from '../../platform/per-deps';
import { MessageFetch } from './fetch';
import { MessagesService } from './messages';
import { clientRoutes } from './routes/client';
import { consoleRoutes } from './routes/console';
import type { AppMessagingServices } from './routes/context';

const ROUTES = [consoleRoutes, clientRoutes];

/** The family's services, one set per running server (what devices fetch is kept once). */
export const appMessagingOf = perDeps((deps): AppMessagingServices => {
  const fetch = new MessageFetch(deps);
  return { deps, fetch, messages: new MessagesService(deps, (appId) => fetch.forget(appId)) };
});

/** In-app messaging: an app's pop-ups, images and banners, targeted, triggered on the device, capped and counted (docs/app-messaging.md). */
export const appMessagingFamily: Family = {
  name: 'app-messaging',
  services: [
    {
      id: 'app-messaging',
      serviceId: 'app.appMessaging',
      menuId: 'app-messaging',
      categoryId: 3,
      names: { cn: '应用内消息', en: 'App Messaging', ru: 'Сообщения в приложении' },
      route: '/apps/:appId/app-messaging',
      scope: 'app',
    },
  ],
  register(app, deps) {
    const s = appMessagingOf(deps);
    for (const route of ROUTES) route(app, s);
  },
};
