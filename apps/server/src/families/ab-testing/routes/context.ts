import type { AbTestingService } from '../service';

/** The family's services, handed to every route file. */
export interface AbTestingServices {
  experiments: AbTestingService;
}
