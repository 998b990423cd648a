import { RELEASE_STATE } from '@wharf/rules';
import type { Family } from '../../platform/deps';
import { extend } from '../../platform/extensions';
import { faultPoint } from '../../platform/fault-points';
import { PACKAGE_USERS } from '../packages/public';
import { DistributionService } from './distribution';
import { OverviewService } from './overview';
import { VersionPackages } from './package-kinds';
import { PHASE_END_KIND, PHASE_START_KIND } from './phased';
import { versionsRepo } from './repo';
import { ReviewService } from './review';
import type { VersionsServices } from './routes/context';
import { RELEASE_KIND, SYSTEM, VersionsService } from './service';
import { StatsService } from './stats';
import { countersOf } from './distribution-counts';
import { StoreService } from './store';
import { publicRoutes } from './routes/public';
import { consoleRoutes } from './routes/console';
import { clientRoutes } from './routes/client';
import { manageRoutes } from './routes/manage';

const ROUTES = [consoleRoutes, manageRoutes, clientRoutes, publicRoutes];

export const versionsFamily: Family = {
  name: 'versions',
  services: [
    {
      id: 'version-information',
      serviceId: 'app.versionInformation',
      menuId: 'version-information',
      categoryId: 8,
      names: { cn: '版本信息', en: 'Version information', ru: 'Информация о версии' },
      route: '/apps/:appId/version',
      scope: 'app',
    },
  ],
  // An app's versions, their review tasks and the files of their listings follow it to another
  // team; when it is deleted they go, and its open review tasks are withdrawn.
  // A version's package is its history (rollback, downloads): it stays while a version names it.
  extensions: [
    extend(PACKAGE_USERS, () => ({
      async usedBy(tx, packageId) {
        const user = await versionsRepo.usingPackage(tx, packageId);
        if (!user) return null;
        const name = user.versionName ?? String(user.versionCode ?? '');
        return { zh: `该软件包已被版本 ${name} 使用，不能删除`, en: `Version ${name} uses this package, so it cannot be deleted`, ru: `Этот пакет использует версия ${name}, поэтому его нельзя удалить` };
      },
    })),
  ],
  lifecycle: () => ({
    appMoving: (tx, move) => versionsRepo.moveApp(tx, move.appId, move.toTeamId),
    appRemovingWrites: (db, appId, at) => versionsRepo.removingApp(db, appId, at),
  }),
  register(app, deps) {
    const versions = new VersionsService(deps);
    const counts = countersOf(deps);
    counts.start(app);
    const s: VersionsServices = { versions, review: new ReviewService(deps, versions), phased: versions.phased, distribution: new DistributionService(deps, versions.phased, counts), store: new StoreService(deps), stats: new StatsService(deps, versions.apps), packages: new VersionPackages(deps, versions), overview: new OverviewService(deps, versions.apps) };
    // Scheduled work fires once, in the transaction that marks the action done.
    deps.dueActions.handle(RELEASE_KIND, async (tx, payload) => {
      const row = await versionsRepo.lock(tx, String(payload.versionId));
      // Cancelled or released by hand meanwhile: nothing left to do.
      if (!row || row.releaseState !== RELEASE_STATE.waiting || row.supersededAt) return;
      await versions.goOnShelf(tx, row, 'release', SYSTEM);
      faultPoint('versions.release.beforeCommit');
    });
    deps.dueActions.handle(PHASE_START_KIND, (tx, payload) => versions.phased.fire(tx, String(payload.versionId), 'START'));
    deps.dueActions.handle(PHASE_END_KIND, (tx, payload) => versions.phased.fire(tx, String(payload.versionId), 'END'));
    for (const route of ROUTES) route(app, s);
  },
};
