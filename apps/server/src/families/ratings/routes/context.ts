import type { RatingsDevice } from '../device';
import type { RatingsModeration } from '../moderation';
import type { RatingsService } from '../service';
import type { RatingsStore } from '../store';
import type { ReplyTemplates } from '../templates';

/** The family's services, handed to every route file. */
export interface RatingsServices {
  ratings: RatingsService;
  device: RatingsDevice;
  store: RatingsStore;
  moderation: RatingsModeration;
  templates: ReplyTemplates;
}
