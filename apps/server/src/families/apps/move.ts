import type { App } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError } from '../../platform/http/errors';
import { joinReasons } from '../../platform/lifecycle';
import { administersTeam } from '../accounts/public';
import { moveFilesToTeam } from '../files/public';
import { projectFacts } from '../projects/public';
import { appsRepo } from './repo';
import { appOut, type AppsService } from './service';
import { forgetAppClient } from './client';
import { forgetAppClientHere } from './client-cache';
import { packageIndexOf } from './package-index';
import { appRowsOf } from './app-rows';

type Blocker = { code: 'notHolderHere' | 'notAdminThere' | 'sameTeam' | 'targetProjectMissing'; zh: string; en: string; ru: string };

/**
 * Moving an app between two teams of the same person (AppGallery Connect's "move app"):
 * only the account holder of the app's team, into a team where they hold or administer.
 */
export class AppMover {
  constructor(
    private readonly deps: Deps,
    private readonly apps: AppsService,
  ) {}

  async blockers(caller: Caller, appId: string, targetTeamId: string, targetProjectId: string): Promise<Blocker[]> {
    const { db } = this.deps;
    await this.apps.get(caller, appId);
    const out: Blocker[] = [];
    if (caller.team?.mainUserId !== caller.userId) out.push({ code: 'notHolderHere', zh: '只有本团队的账号持有者可以转移应用', en: "Only the account holder of the app's team can move it", ru: 'Перенести приложение может только владелец аккаунта его команды' });
    if (targetTeamId === caller.teamId) out.push({ code: 'sameTeam', zh: '目标团队与当前团队相同', en: 'The target team is the team the app is in', ru: 'Приложение уже в этой команде' });
    const adminThere = await administersTeam(db, targetTeamId, caller.userId!, this.deps.clock.now());
    if (!adminThere) out.push({ code: 'notAdminThere', zh: '您须是目标团队的账号持有者或管理员', en: 'You must be the account holder or an administrator of the target team', ru: 'Нужно быть владельцем аккаунта или администратором целевой команды' });
    // Whether a team has a project is told only to those who administer it.
    if (adminThere && !(await projectFacts(db, targetTeamId, targetProjectId))) out.push({ code: 'targetProjectMissing', zh: '目标团队中没有该项目', en: 'The target team has no such project', ru: 'В целевой команде нет такого проекта' });
    return out;
  }

  async move(caller: Caller, appId: string, targetTeamId: string, targetProjectId: string): Promise<App> {
    const { db, clock } = this.deps;
    const blockers = await this.blockers(caller, appId, targetTeamId, targetProjectId);
    if (blockers.length) throw new AppError('conflict', joinReasons(blockers));
    const { app, clientId } = await db.transaction(async (tx) => {
      // A series is a team's grouping: the app leaves it when it changes teams.
      const series = await appsRepo.seriesOf(tx, appId);
      await appsRepo.leaveSeries(tx, appId);
      if (series) await appsRepo.dropLoneSeries(tx, series);
      const moved = await appsRepo.update(tx, appId, { teamId: targetTeamId, projectId: targetProjectId, updatedAt: clock.now() });
      const clientId = await forgetAppClient(this.deps, tx, appId);
      await packageIndexOf(this.deps).changed(tx, [caller.teamId!, targetTeamId]);
      await appRowsOf(this.deps).changed(tx, [appId]);
      // What the families keep of the app follows it (packages, versions, review tasks), and
      // so do the files of it they name; the bytes stay where they are.
      const fileIds = await this.deps.lifecycle.appMoving(tx, { appId, fromTeamId: caller.teamId!, toTeamId: targetTeamId });
      await moveFilesToTeam(tx, fileIds, caller.teamId!, targetTeamId);
      for (const teamId of [caller.teamId, targetTeamId]) {
        await writeAudit(tx, clock, { action: 'app.move', teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: appId, data: { from: caller.teamId, to: targetTeamId, projectId: targetProjectId } });
      }
      return { app: appOut(moved), clientId };
    });
    if (clientId) forgetAppClientHere(this.deps, clientId);
    return app;
  }
}
