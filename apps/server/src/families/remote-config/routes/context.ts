import type { FetchAttributes } from '@wharf/contract';
import type { Caller } from '../../../platform/http/access';
import type { explain } from '../evaluate';
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
  preview: (caller: Caller, appId: string, source: 'draft' | 'published', deviceId: string, attributes: FetchAttributes) => Promise<{ holding: string[]; values: ReturnType<typeof explain> }>;
}
