import type { Family } from '../../platform/deps';
import { FeedbackDevice } from './device';
import { FeedbackInbox } from './inbox';
import { feedbackRepo } from './repo';
import { clientRoutes } from './routes/client';
import type { FeedbackServices } from './routes/context';
import { consoleRoutes } from './routes/console';

const ROUTES = [clientRoutes, consoleRoutes];

/** User feedback: what an app's users send from inside it, and the team's inbox for it. */
export const feedbackFamily: Family = {
  name: 'feedback',
  services: [
    {
      id: 'feedback',
      serviceId: 'app.feedback',
      menuId: 'feedback',
      categoryId: 3,
      names: { cn: '用户反馈', en: 'User feedback', ru: 'Отзывы пользователей' },
      route: '/apps/:appId/feedback',
      scope: 'app',
    },
  ],
  // The feedback's rows go with the app (foreign keys); its screenshots follow it to another team.
  lifecycle: () => ({
    appMoving: (tx, move) => feedbackRepo.moveApp(tx, move.appId, move.toTeamId),
  }),
  register(app, deps) {
    const s: FeedbackServices = { device: new FeedbackDevice(deps), inbox: new FeedbackInbox(deps), deps };
    for (const route of ROUTES) route(app, s);
  },
};
