import type { FastifyInstance } from 'fastify';
import { appApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AppsServices } from './context';

export function appKeyRoutes(app: FastifyInstance, { clients }: AppsServices): void {
  registerEndpoint(app, appApi.getAppClient, async ({ caller, query }) => ({ client: await clients.describe(caller, query.appId) }));
  registerEndpoint(app, appApi.restrictAppKey, async ({ caller, body }) => ({ client: await clients.restrict(caller, body.appId, body.packageNames, body.webOrigins) }));
  registerEndpoint(app, appApi.rotateAppKey, async ({ caller, body }) => ({ client: await clients.rotate(caller, body.appId, body.graceHours) }));
  registerEndpoint(app, appApi.getAppConfigFile, async ({ caller, query, req }) => clients.configFile(caller, query.appId, `${req.protocol}://${req.host}`));
}
