import type { Deps } from '../../../platform/deps';
import type { StorageBuckets } from '../buckets';
import type { StorageConsole } from '../console-files';
import type { StorageObjects } from '../objects';
import type { StorageLinks } from '../signed';
import type { Thumbnails } from '../thumbnails';
import type { DownloadMeter } from '../usage-meter';

/** The family's services, handed to every route file. */
export interface StorageServices {
  buckets: StorageBuckets;
  objects: StorageObjects;
  console: StorageConsole;
  links: StorageLinks;
  meter: DownloadMeter;
  thumbnails: Thumbnails;
  deps: Deps;
}
