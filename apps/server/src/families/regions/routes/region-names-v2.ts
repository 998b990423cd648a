import type { FastifyInstance } from 'fastify';
import { regionApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { RegionsService } from '../service';

export function regionNamesV2Route(app: FastifyInstance, s: RegionsService): void {
  registerEndpoint(app, regionApi.regionNamesV2, ({ caller, query }) => s.namesOfApp(caller, query.appId));
}
