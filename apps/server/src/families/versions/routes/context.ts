import type { DistributionService } from '../distribution';
import type { OverviewService } from '../overview';
import type { VersionPackages } from '../package-kinds';
import type { PhasedService } from '../phased';
import type { ReviewService } from '../review';
import type { VersionsService } from '../service';
import type { StatsService } from '../stats';
import type { StoreService } from '../store';

/** The family's services, handed to every route file. */
export interface VersionsServices {
  versions: VersionsService;
  review: ReviewService;
  phased: PhasedService;
  distribution: DistributionService;
  store: StoreService;
  stats: StatsService;
  packages: VersionPackages;
  overview: OverviewService;
}
