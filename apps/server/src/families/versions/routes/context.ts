import type { DistributionService } from '../distribution';
import type { PhasedService } from '../phased';
import type { ReviewService } from '../review';
import type { VersionsService } from '../service';

/** The family's services, handed to every route file. */
export interface VersionsServices {
  versions: VersionsService;
  review: ReviewService;
  phased: PhasedService;
  distribution: DistributionService;
}
