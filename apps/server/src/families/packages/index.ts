import type { Family } from '../../platform/deps';
import { registerFailedSweep, scheduleFailedSweep } from './sweep';
import { ClaimsService, CLAIM_QUEUE } from './claims';
import { QuickAppPackages } from './quick-app';
import { claimRoutes } from './routes/claims';
import { packageRoutes } from './routes/packages';
import { quickAppRoutes } from './routes/quick-apps';
import { PARSE_QUEUE } from './service';
import { packagesRepo } from './repo';
import { appsOf } from '../apps/public';
import { filesOf } from '../files/public';
import type { PackagesServices } from './routes/context';
import { packagesOf } from './public';

const ROUTES = [packageRoutes, quickAppRoutes, claimRoutes];

/** App packages: registered from uploaded files (or H5 addresses), parsed in the background, checked; package-name claims. */
export const packagesFamily: Family = {
  name: 'packages',
  services: [
    {
      id: 'package-management',
      serviceId: 'app.packageManagement',
      menuId: 'package-management',
      categoryId: 8,
      names: { cn: '软件包管理', en: 'Package management', ru: 'Управление пакетами' },
      route: '/apps/:appId/packages',
      scope: 'app',
    },
  ],
  // An app's packages and their files follow it to another team; the bytes stay where they are.
  lifecycle: () => ({ appMoving: (tx, move) => packagesRepo.moveApp(tx, move.appId, move.toTeamId) }),
  register(app, deps) {
    const apps = appsOf(deps);
    const files = filesOf(deps);
    const s = packagesOf(deps);
    const claims = new ClaimsService(deps, apps, files);
    const services: PackagesServices = { packages: s, quickApps: new QuickAppPackages(deps, apps, files, s), claims };
    for (const route of ROUTES) route(app, services);
    deps.jobs.work<{ pkgId: string }>(
      PARSE_QUEUE,
      ({ pkgId }) => s.parseQueued(pkgId),
      ({ pkgId }) => s.gaveUp(pkgId),
    );
    deps.jobs.work<{ claimId: string }>(CLAIM_QUEUE, ({ claimId }) => claims.verify(claimId));
    registerFailedSweep(deps);
  },
  async onStart(deps) {
    await scheduleFailedSweep(deps, deps.db, deps.clock.now());
  },
};
