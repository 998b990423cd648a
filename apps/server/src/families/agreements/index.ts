import type { Family } from '../../platform/deps';
import { agreementCheckRoute } from './routes/agreement-check';
import { agreementListRoute } from './routes/agreement-list';
import type { AgreementsServices } from './routes/context';
import { signAgreementRoute } from './routes/sign-agreement';
import { AgreementsService } from './service';

const ROUTES = [agreementListRoute, signAgreementRoute, agreementCheckRoute];

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
    const s: AgreementsServices = { agreements: new AgreementsService(deps) };
    for (const route of ROUTES) route(app, s);
  },
};
