import type { Deps } from '../../../platform/deps';
import type { HotObjects } from '../../../platform/storage/hot-objects';
import type { ByUrlUploads } from '../by-url';
import type { FilesService } from '../service';
import type { SignedUrls } from '../signed-urls';
import type { UrlSigner } from '../signing';
import type { VideoService } from '../video-service';

/** The family's services, handed to every route file. */
export interface FilesServices extends Pick<Deps, 'db' | 'clock' | 'storage'> {
  files: FilesService;
  signer: UrlSigner;
  urls: SignedUrls;
  video: VideoService;
  byUrl: ByUrlUploads;
  /** What downloads read: the hot objects from memory. */
  objects: HotObjects;
  /** How long an upload may stall before it is cut off. */
  idleMs: number;
}
