import type { FastifyInstance } from 'fastify';
import { contentApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ContentManagement } from '../management';

/** The platform administrators' calls: the same four for news, billboard and discounts. */
export function manageRoutes(app: FastifyInstance, s: ContentManagement): void {
  const { manageNews: news, manageBillboard: billboard, manageDiscounts: discounts } = contentApi;
  registerEndpoint(app, news.list, () => s.listNews());
  registerEndpoint(app, news.create, ({ caller, body }) => s.createNews(caller, body));
  registerEndpoint(app, news.update, ({ caller, params, body }) => s.updateNews(caller, params.id, body));
  registerEndpoint(app, news.remove, ({ caller, params }) => s.removeNews(caller, params.id));
  registerEndpoint(app, billboard.list, () => s.listBillboard());
  registerEndpoint(app, billboard.create, ({ caller, body }) => s.createBillboard(caller, body));
  registerEndpoint(app, billboard.update, ({ caller, params, body }) => s.updateBillboard(caller, params.id, body));
  registerEndpoint(app, billboard.remove, ({ caller, params }) => s.removeBillboard(caller, params.id));
  registerEndpoint(app, discounts.list, () => s.listDiscounts());
  registerEndpoint(app, discounts.create, ({ caller, body }) => s.createDiscount(caller, body));
  registerEndpoint(app, discounts.update, ({ caller, params, body }) => s.updateDiscount(caller, params.id, body));
  registerEndpoint(app, discounts.remove, ({ caller, params }) => s.removeDiscount(caller, params.id));
}
