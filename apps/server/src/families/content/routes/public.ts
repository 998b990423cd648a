import type { FastifyInstance } from 'fastify';
import { contentApi } from '@wharf/contract';
import type { Deps } from '../../../platform/deps';
import { registerEndpoint } from '../../../platform/http/register';
import { contentRepo } from '../repo';
import { billboardOut, discountOut } from '../present';
import { USAGE_LIMITS } from '../usage-limits';

export function publicRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;
  registerEndpoint(app, contentApi.serviceList, async () => ({ items: [...deps.services] }));
  registerEndpoint(app, contentApi.usageConfig, async () => ({ limits: { ...USAGE_LIMITS } }));
  registerEndpoint(app, contentApi.billboard, async () => ({ items: (await contentRepo.activeBillboard(db, clock.now())).map(billboardOut) }));
  registerEndpoint(app, contentApi.discountActivities, async () => ({ items: (await contentRepo.activeDiscounts(db, clock.now())).map(discountOut) }));
}
