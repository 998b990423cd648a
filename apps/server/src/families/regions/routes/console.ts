import type { FastifyInstance } from 'fastify';
import { regionApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { RegionsService } from '../service';

/** The console's calls: a signed-in member's, checked against the team, project or app and the member's roles. */
export function consoleRoutes(app: FastifyInstance, s: RegionsService): void {
  registerEndpoint(app, regionApi.regionNamesV2, ({ caller, query }) => s.namesOfApp(caller, query.appId));
}
