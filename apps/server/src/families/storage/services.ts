import type { Deps } from '../../platform/deps';
import { perDeps } from '../../platform/per-deps';
import { StorageBuckets } from './buckets';
import { StorageConsole } from './console-files';
import { StorageDevice } from './device';
import { StorageObjects } from './objects';
import { ResumableUploads } from './resumable';
import type { StorageServices } from './routes/context';
import { StorageLinks } from './signed';
import { Thumbnails } from './thumbnails';
import { DownloadMeter } from './usage-meter';

/** The family's services, one set per running server (its caches and download counts exist once). */
export const storageOf = perDeps((deps: Deps) => {
  const buckets = new StorageBuckets(deps);
  const thumbnails = new Thumbnails(deps);
  const objects = new StorageObjects(deps, (bucket, sha256) => thumbnails.forget(bucket, sha256));
  const links = new StorageLinks(deps);
  const device = new StorageDevice(deps, buckets);
  const s: StorageServices = { buckets, objects, links, console: new StorageConsole(deps, buckets, objects, links), meter: new DownloadMeter(deps.clock), thumbnails, deps };
  return { s, device, uploads: new ResumableUploads(deps, objects, device) };
});
