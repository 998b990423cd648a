import type { FastifyInstance } from 'fastify';
import { appApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import { appOut } from '../service';
import type { AppsServices } from './context';

export function seriesRoutes(app: FastifyInstance, { series: s }: AppsServices): void {
  registerEndpoint(app, appApi.seriesSelectableList, async ({ caller, body }) => {
    const r = await s.selectable(caller, body.appId);
    return { seriesId: r.seriesId, members: r.members.map(appOut), items: r.items.map(appOut) };
  });
  registerEndpoint(app, appApi.setSeries, async ({ caller, body }) => {
    const r = await s.set(caller, body.appId, body.memberAppIds);
    return { seriesId: r.seriesId, members: r.members.map(appOut) };
  });
}
