import type { RemoteConfigFetch } from '../fetch';
import type { RemoteConfigReview } from '../review';
import type { RemoteConfigService } from '../service';
import type { UpdateStreams } from '../updates';

/** The family's services, handed to every route file. */
export interface RemoteConfigServices {
  config: RemoteConfigService;
  fetch: RemoteConfigFetch;
  review: RemoteConfigReview;
  updates: UpdateStreams;
}
