import type { RegionsService } from '../service';

/** The family's services, handed to every route file. */
export interface RegionsServices {
  regions: RegionsService;
}
