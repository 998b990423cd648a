import type { FastifyInstance } from 'fastify';
import { appApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import { appOut } from '../service';
import type { AppsServices } from './context';

export function appRoutes(app: FastifyInstance, { apps: s }: AppsServices): void {
  registerEndpoint(app, appApi.createApp, async ({ caller, body }) => ({ app: await s.create(caller, body) }));
  registerEndpoint(app, appApi.getApp, async ({ caller, query }) => ({ app: appOut(await s.get(caller, query.appId)) }));
  registerEndpoint(app, appApi.updateApp, async ({ caller, body: { appId, ...set } }) => ({ app: await s.update(caller, appId, set) }));
  registerEndpoint(app, appApi.deleteApp, async ({ caller, query }) => {
    await s.remove(caller, query.appId);
    return {};
  });
  registerEndpoint(app, appApi.appLocationCall, ({ caller, query }) => s.location(caller, query.appId));
  registerEndpoint(app, appApi.changePackageName, async ({ caller, body }) => ({ app: await s.changePackageName(caller, body.appId, body.packageName) }));
  registerEndpoint(app, appApi.setDevelopStatus, async ({ caller, body }) => ({ app: await s.setDevelopStatus(caller, body.appId, body.developStatus) }));
}
