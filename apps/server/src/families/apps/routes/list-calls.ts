import type { FastifyInstance } from 'fastify';
import { appApi, PAGE_SIZE_MAX } from '@wharf/contract';
import { APP_KINDS } from '@wharf/rules';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { AppsService } from '../service';

export function appListRoutes(app: FastifyInstance, s: AppsService): void {
  registerEndpoint(app, appApi.appList, ({ caller, query }) => s.list(caller, query));
  registerEndpoint(app, appApi.appListByProject, async ({ caller, query }) => {
    const { items } = await s.list(caller, { projectId: query.projectId, pageSize: PAGE_SIZE_MAX, withTotal: false });
    return { items };
  });
  registerEndpoint(app, appApi.appKinds, async ({ body }) => ({
    items: APP_KINDS.filter((k) => !body.category || k.category === body.category).map((k) => ({ id: k.id, category: k.category, names: { ...k.names } })),
  }));
  registerEndpoint(app, appApi.checkPackageName, async ({ body, req }) => {
    const r = await s.checkPackageName(body.platform, body.packageName, body.appId);
    return { available: r.available, reason: r.reason, message: r.text[messageLanguage(req)] };
  });
  registerEndpoint(app, appApi.checkAppName, async ({ body, req }) => {
    const r = await s.checkName(body.name, body.appId);
    return { available: r.available, reason: r.reason, message: r.text[messageLanguage(req)] };
  });
}
