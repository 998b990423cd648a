import type { Family } from '../../platform/deps';
import { AppsService } from '../apps/service';
import { FilesService } from '../files/service';
import { packageRoutes } from './routes/package-calls';
import { PARSE_QUEUE, PackagesService } from './service';

/** App packages: registered from uploaded files, parsed in the background, checked. */
export const packagesFamily: Family = {
  name: 'packages',
  register(app, deps) {
    const s = new PackagesService(deps, new AppsService(deps), new FilesService(deps));
    packageRoutes(app, s);
    deps.jobs.work<{ pkgId: string }>(PARSE_QUEUE, async ({ pkgId }) => {
      await s.parse(pkgId);
    });
  },
};
