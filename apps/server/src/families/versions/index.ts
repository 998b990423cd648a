import type { Family } from '../../platform/deps';
import { DistributionService } from './distribution';
import { PHASE_END_KIND, PHASE_START_KIND } from './phased';
import { phasedRoutes } from './routes/phased-calls';
import { ReviewService } from './review';
import { distributionRoutes } from './routes/distribution-calls';
import { reviewRoutes } from './routes/review-calls';
import { transitionRoutes } from './routes/transition-calls';
import { versionRoutes } from './routes/version-calls';
import { RELEASE_KIND, SYSTEM, VersionsService } from './service';
import { versionsRepo } from './repo';

export const versionsFamily: Family = {
  name: 'versions',
  register(app, deps) {
    const s = new VersionsService(deps);
    // A scheduled release: fires once, in the transaction that marks the action done.
    deps.dueActions.handle(RELEASE_KIND, async (tx, payload) => {
      const row = await versionsRepo.lock(tx, String(payload.versionId));
      // Cancelled or released by hand meanwhile: nothing left to do.
      if (!row || row.releaseState !== 3 || row.supersededAt) return;
      await s.goOnShelf(tx, row, 'release', SYSTEM);
    });
    versionRoutes(app, s);
    transitionRoutes(app, s);
    reviewRoutes(app, new ReviewService(deps, s));
    deps.dueActions.handle(PHASE_START_KIND, (tx, payload) => s.phased.fire(tx, String(payload.versionId), 'START'));
    deps.dueActions.handle(PHASE_END_KIND, (tx, payload) => s.phased.fire(tx, String(payload.versionId), 'END'));
    phasedRoutes(app, s.phased);
    distributionRoutes(app, new DistributionService(deps, s.phased));
  },
};
