import type { FastifyInstance } from 'fastify';
import { appApi } from '@wharf/contract';
import { decodeCursor, pageOf } from '../../../platform/http/cursor';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import { teamById } from '../../accounts/public';
import { appsRepo } from '../repo';
import { appOut } from '../service';
import type { AppsServices } from './context';

export function moreAppRoutes(app: FastifyInstance, { apps: s, mover, db }: AppsServices): void {
  registerEndpoint(app, appApi.moveAppCheck, async ({ caller, body, req }) => {
    const blockers = await mover.blockers(caller, body.appId, body.targetTeamId, body.targetProjectId);
    const lang = messageLanguage(req);
    return { movable: blockers.length === 0, blockers: blockers.map((b) => ({ code: b.code, message: b[lang] })) };
  });
  registerEndpoint(app, appApi.moveApp, async ({ caller, body }) => ({ app: await mover.move(caller, body.appId, body.targetTeamId, body.targetProjectId) }));
  registerEndpoint(app, appApi.relationList, async ({ caller, body }) => {
    const self = await s.get(caller, body.appId);
    const samePackage = await appsRepo.page(db, caller.teamId!, { search: self.packageName, only: caller.appScope }, 100);
    const sameProject = await appsRepo.page(db, caller.teamId!, { projectId: self.projectId, only: caller.appScope }, 100);
    return {
      samePackage: samePackage.filter((a) => a.id !== self.id && a.packageName === self.packageName).map(appOut),
      sameProject: sameProject.filter((a) => a.id !== self.id).map(appOut),
    };
  });
  registerEndpoint(app, appApi.manageAppListQuery, async ({ body }) => {
    const rows = await appsRepo.platformPage(db, { search: body.search, platform: body.platform }, body.pageSize + 1, body.cursor ? decodeCursor(body.cursor) : undefined);
    const { page, nextCursor } = pageOf(rows, body.pageSize, (r) => ({ at: r.createdAt, id: r.id }));
    const names = new Map<string, string>();
    for (const teamId of new Set(page.map((r) => r.teamId))) names.set(teamId, (await teamById(db, teamId))?.name ?? '');
    return { items: page.map((r) => ({ ...appOut(r), teamId: r.teamId, teamName: names.get(r.teamId) ?? '' })), nextCursor };
  });
}
