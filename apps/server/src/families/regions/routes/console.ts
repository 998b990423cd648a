import type { FastifyInstance } from 'fastify';
import { regionApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { RegionsServices } from './context';

/** The console's calls: a signed-in member's, checked against the team, project or app and the member's roles. */
export function consoleRoutes(app: FastifyInstance, { regions: s }: RegionsServices): void {
  registerEndpoint(app, regionApi.regionNamesV2, ({ caller, query }) => s.namesOfApp(caller, query.appId));
}
