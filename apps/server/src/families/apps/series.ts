import { randomUUID } from 'node:crypto';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError } from '../../platform/http/errors';
import { appsRepo, type AppRow } from './repo';
import type { AppsService } from './service';
import { isUniqueViolation } from '../../platform/db/errors';

/**
 * App series: apps of one team sold as editions of one product. Members share platform and
 * category (a store shows a series side by side, so a game and a tool cannot be editions
 * of each other), and an app is in at most one series.
 */
export class AppSeries {
  constructor(
    private readonly deps: Deps,
    private readonly apps: AppsService,
  ) {}

  async selectable(caller: Caller, appId: string): Promise<{ seriesId: string | null; members: AppRow[]; items: AppRow[] }> {
    const { db } = this.deps;
    const app = await this.apps.get(caller, appId);
    const seriesId = await appsRepo.seriesOf(db, app.id);
    const members = seriesId ? (await appsRepo.seriesMembers(db, seriesId)).filter((a) => a.id !== app.id) : [];
    return { seriesId, members, items: await appsRepo.seriesCandidates(db, app, caller.appScope) };
  }

  async set(caller: Caller, appId: string, memberAppIds: string[]): Promise<{ seriesId: string | null; members: AppRow[] }> {
    const { db, clock } = this.deps;
    const app = await this.apps.get(caller, appId);
    const wanted = [...new Set(memberAppIds)].filter((id) => id !== app.id);
    return db
      .transaction(async (tx) => {
        const current = await appsRepo.seriesOf(tx, app.id);
        const currentMembers = current ? (await appsRepo.seriesMembers(tx, current)).filter((a) => a.id !== app.id) : [];
        const candidates = await appsRepo.seriesCandidates(tx, app, caller.appScope);
        const allowed = new Set([...currentMembers, ...candidates].map((a) => a.id));
        const refused = wanted.find((id) => !allowed.has(id));
        if (refused) {
          throw new AppError('conflict', {
            zh: `应用 ${refused} 不能加入该系列（不是本团队同平台、同类别的应用，或已在其他系列中）`,
            en: `App ${refused} cannot join this series: it is not an app of the team with the same platform and category, or it is in another series`, ru: `Приложение ${refused} нельзя добавить в эту серию: это не приложение команды с той же платформой и категорией, или оно уже в другой серии`,
          });
        }
        for (const m of currentMembers) if (!wanted.includes(m.id)) await appsRepo.leaveSeries(tx, m.id);
        let seriesId: string | null = current;
        if (!wanted.length) {
          await appsRepo.leaveSeries(tx, app.id);
          seriesId = null;
        } else {
          seriesId ??= randomUUID();
          const now = clock.now();
          const joining = [...(current ? [] : [app.id]), ...wanted.filter((id) => !currentMembers.some((m) => m.id === id))];
          await appsRepo.joinSeries(tx, joining.map((id) => ({ appId: id, seriesId: seriesId!, teamId: app.teamId, createdAt: now })));
        }
        await writeAudit(tx, clock, { action: 'app.series', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: app.id, data: { seriesId: current ?? seriesId, members: wanted } });
        const members = seriesId ? (await appsRepo.seriesMembers(tx, seriesId)).filter((a) => a.id !== app.id) : [];
        return { seriesId, members };
      })
      .catch((err: unknown) => {
        // Two requests put the same app into two series at once: the primary key refused one.
        if (isUniqueViolation(err)) throw new AppError('conflict', { zh: '应用已加入其他系列', en: 'An app joined another series meanwhile; try again', ru: 'Тем временем приложение вошло в другую серию; повторите' });
        throw err;
      });
  }
}
