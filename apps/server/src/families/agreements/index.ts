import type { Family } from '../../platform/deps';
import type { AgreementsServices } from './routes/context';
import { consoleRoutes } from './routes/console';
import { agreementsOf } from './public';

const ROUTES = [consoleRoutes];

/** The platform's agreements and the team's signatures; submissions wait for them. */
export const agreementsFamily: Family = {
  name: 'agreements',
  services: [
    {
      id: 'agreements',
      serviceId: 'team.agreements',
      menuId: 'agreements',
      categoryId: 7,
      names: { cn: '协议', en: 'Agreements', ru: 'Соглашения' },
      route: '/team/agreements',
      scope: 'team',
    },
  ],
  register(app, deps) {
    const s: AgreementsServices = { agreements: agreementsOf(deps) };
    for (const route of ROUTES) route(app, s);
  },
};
