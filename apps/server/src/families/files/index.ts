import type { Family } from '../../platform/deps';
import { BY_URL_QUEUE, ByUrlUploads } from './by-url';
import { byUrlRoutes } from './routes/by-url';
import { downloadRoutes } from './routes/download';
import { uploadRoutes } from './routes/upload';
import { FilesService } from './service';
import { UrlSigner } from './signing';
import { reconcileStorage, registerSweep, scheduleSweep } from './sweep';
import { SignedUrls } from './signed-urls';
import { urlRoutes } from './routes/urls';
import { usageRoutes } from './routes/usage';
import { videoRoutes } from './routes/video';
import { VIDEO_QUEUE, VideoService } from './video-service';

/** The file service: streamed and signed-URL uploads, resumable multipart uploads, signed downloads, video parses, usage. */
export const filesFamily: Family = {
  name: 'files',
  register(app, deps) {
    const s = new FilesService(deps);
    uploadRoutes(app, s, deps.config.uploadIdleTimeoutMs);
    const signer = new UrlSigner(deps);
    downloadRoutes(app, s, signer, deps);
    urlRoutes(app, new SignedUrls(deps, s, signer), deps.config.uploadIdleTimeoutMs);
    usageRoutes(app, s, deps);
    const video = new VideoService(deps, s);
    videoRoutes(app, video);
    deps.jobs.work<{ taskId: string }>(VIDEO_QUEUE, ({ taskId }) => video.parse(taskId));
    const byUrl = new ByUrlUploads(deps);
    byUrlRoutes(app, byUrl, deps);
    deps.jobs.work<{ fileId: string }>(BY_URL_QUEUE, ({ fileId }) => byUrl.fetch(fileId));
    registerSweep(deps);
  },
  async onStart(deps, print) {
    const removed = await reconcileStorage(deps);
    if (removed) print(`  Storage check: removed ${removed} stored object(s) that no upload or file refers to (left by an interrupted delete or upload).\n`);
    await scheduleSweep(deps, deps.db, deps.clock.now());
  },
};
