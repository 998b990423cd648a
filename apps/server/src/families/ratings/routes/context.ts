import type { RatingsDevice } from '../device';
import type { RatingsModeration } from '../moderation';
import type { RatingsService } from '../service';
import type { RatingsStore } from '../store';

/** The family's services, handed to every route file. */
export interface RatingsServices {
  ratings: RatingsService;
  device: RatingsDevice;
  store: RatingsStore;
  moderation: RatingsModeration;
}
