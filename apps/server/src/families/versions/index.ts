import { RELEASE_STATE } from '@wharf/rules';
import type { Family } from '../../platform/deps';
import { extend } from '../../platform/extensions';
import { faultPoint } from '../../platform/fault-points';
import { PACKAGE_USERS } from '../packages/public';
import { packageApkRoute } from './routes/package-apk';
import { packageRpkRoute } from './routes/package-rpk';
import { packageWpkRoute } from './routes/package-wpk';
import { packageExeRoute } from './routes/package-exe';
import { packageObbRoute } from './routes/package-obb';
import { packageNoneRoute } from './routes/package-none';
import { downloadExpansionRoute } from './routes/download-expansion';
import { allianceAppsRoute } from './routes/alliance-apps';
import { distributionAppRoute } from './routes/distribution-app';
import { distributionServiceRoute } from './routes/distribution-service';
import { DistributionService } from './distribution';
import { OverviewService } from './overview';
import { VersionPackages } from './package-kinds';
import { PHASE_END_KIND, PHASE_START_KIND } from './phased';
import { versionsRepo } from './repo';
import { ReviewService } from './review';
import type { VersionsServices } from './routes/context';
import { createVersionRoute } from './routes/create-version';
import { getVersionRoute } from './routes/get-version';
import { updateVersionRoute } from './routes/update-version';
import { deleteVersionRoute } from './routes/delete-version';
import { versionListRoute } from './routes/version-list';
import { deleteVersionLanguageRoute } from './routes/delete-version-language';
import { lastOnShelfRoute } from './routes/last-on-shelf';
import { preparingVersionRoute } from './routes/preparing-version';
import { historyVersionListRoute } from './routes/history-version-list';
import { historyVersionRoute } from './routes/history-version';
import { submitVersionRoute } from './routes/submit-version';
import { cancelOnShelfRoute } from './routes/cancel-on-shelf';
import { onShelfTimeRoute } from './routes/on-shelf-time';
import { shelfOffRoute } from './routes/shelf-off';
import { cancelShelfOffRoute } from './routes/cancel-shelf-off';
import { rollbackRoute } from './routes/rollback';
import { rollbackCancelRoute } from './routes/rollback-cancel';
import { urgeAuditRoute } from './routes/urge-audit';
import { reviewTaskQueueRoute } from './routes/review-task-queue';
import { reviewTaskRoute } from './routes/review-task';
import { submitReviewRoute } from './routes/submit-review';
import { updateCheckRoute } from './routes/update-check';
import { downloadRoute } from './routes/download';
import { phasedReleaseRoute } from './routes/phased-release';
import { phasedReleaseHistoryRoute } from './routes/phased-release-history';
import { storeAppRoute } from './routes/store-app';
import { storeImageRoute } from './routes/store-image';
import { downloadStatsRoute } from './routes/download-stats';
import { RELEASE_KIND, SYSTEM, VersionsService } from './service';
import { StatsService } from './stats';
import { countersOf } from './distribution-counts';
import { StoreService } from './store';

const ROUTES = [
  createVersionRoute,
  getVersionRoute,
  updateVersionRoute,
  deleteVersionRoute,
  versionListRoute,
  deleteVersionLanguageRoute,
  lastOnShelfRoute,
  preparingVersionRoute,
  historyVersionListRoute,
  historyVersionRoute,
  submitVersionRoute,
  cancelOnShelfRoute,
  onShelfTimeRoute,
  shelfOffRoute,
  cancelShelfOffRoute,
  rollbackRoute,
  rollbackCancelRoute,
  urgeAuditRoute,
  reviewTaskQueueRoute,
  reviewTaskRoute,
  submitReviewRoute,
  updateCheckRoute,
  downloadRoute,
  phasedReleaseRoute,
  phasedReleaseHistoryRoute,
  storeAppRoute,
  storeImageRoute,
  downloadStatsRoute,
  packageApkRoute,
  packageRpkRoute,
  packageWpkRoute,
  packageExeRoute,
  packageObbRoute,
  packageNoneRoute,
  downloadExpansionRoute,
  distributionAppRoute,
  allianceAppsRoute,
  distributionServiceRoute,
];

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
    appRemoving: (tx, appId, at) => versionsRepo.removeApp(tx, appId, at),
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
