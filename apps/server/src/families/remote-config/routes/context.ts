import type { RemoteConfigFetch } from '../fetch';
import type { RemoteConfigService } from '../service';

/** The family's services, handed to every route file. */
export interface RemoteConfigServices {
  config: RemoteConfigService;
  fetch: RemoteConfigFetch;
}
