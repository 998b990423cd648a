import type { FastifyInstance } from 'fastify';
import { appApi, PAGE_SIZE_MAX } from '@wharf/contract';
import { APP_KINDS } from '@wharf/rules';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { AppsServices } from './context';

export function appListRoutes(app: FastifyInstance, { apps: s }: AppsServices): void {
  registerEndpoint(app, appApi.appList, ({ caller, query }) => s.list(caller, query));
  registerEndpoint(app, appApi.appListByProject, async ({ caller, query }) => {
    const { items } = await s.list(caller, { projectId: query.projectId, pageSize: PAGE_SIZE_MAX, withTotal: false });
    return { items };
  });
  registerEndpoint(app, appApi.appKinds, async ({ body }) => ({
    items: APP_KINDS.filter((k) => !body.category || k.category === body.category).map((k) => ({ id: k.id, category: k.category, names: { ...k.names } })),
  }));
  // Only an app of the caller's team is left out of a check: another team's app id would
  // otherwise tell which app holds a name (404, as for any other team's app).
  registerEndpoint(app, appApi.checkPackageName, async ({ caller, body, req }) => {
    if (body.appId) await s.get(caller, body.appId);
    const r = await s.checkPackageName(body.platform, body.packageName, body.appId);
    return { available: r.available, reason: r.reason, message: r.text[messageLanguage(req)] };
  });
  registerEndpoint(app, appApi.checkAppName, async ({ caller, body, req }) => {
    if (body.appId) await s.get(caller, body.appId);
    const r = await s.checkName(body.name, body.appId);
    return { available: r.available, reason: r.reason, message: r.text[messageLanguage(req)] };
  });
}
