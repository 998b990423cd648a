import type { Family } from '../../platform/deps';
import { BY_URL_QUEUE, ByUrlUploads } from './by-url';
import { byUrlRoutes } from './routes/by-url';
import { downloadRoutes } from './routes/download';
import { uploadRoutes } from './routes/upload';
import { UrlSigner } from './signing';
import { reconcileStorage, registerSweep, scheduleSweep } from './sweep';
import { SignedUrls } from './signed-urls';
import { urlRoutes } from './routes/urls';
import { usageRoutes } from './routes/usage';
import { videoRoutes } from './routes/video';
import { VIDEO_QUEUE, VideoService } from './video-service';
import { filesOf } from './public';
import type { FilesServices } from './routes/context';
import { hotObjectsOf } from '../../platform/storage/hot-objects';

const ROUTES = [uploadRoutes, downloadRoutes, urlRoutes, usageRoutes, videoRoutes, byUrlRoutes];

/** The file service: streamed and signed-URL uploads, resumable multipart uploads, signed downloads, video parses, usage. */
export const filesFamily: Family = {
  name: 'files',
  register(app, deps) {
    const files = filesOf(deps);
    const signer = new UrlSigner(deps);
    const video = new VideoService(deps, files);
    const byUrl = new ByUrlUploads(deps);
    const { db, clock, storage } = deps;
    const s: FilesServices = { files, signer, urls: new SignedUrls(deps, files, signer), video, byUrl, db, clock, storage, objects: hotObjectsOf(deps), idleMs: deps.config.uploadIdleTimeoutMs };
    for (const route of ROUTES) route(app, s);
    deps.jobs.work<{ taskId: string }>(
      VIDEO_QUEUE,
      ({ taskId }) => video.parse(taskId),
      ({ taskId }) => video.gaveUp(taskId),
    );
    deps.jobs.work<{ fileId: string }>(BY_URL_QUEUE, ({ fileId }) => byUrl.fetch(fileId));
    registerSweep(deps);
  },
  async onStart(deps, print) {
    const removed = await reconcileStorage(deps);
    if (removed) print(`  Storage check: removed ${removed} stored object(s) that no upload or file refers to (left by an interrupted delete or upload).\n`);
    await scheduleSweep(deps, deps.db, deps.clock.now());
  },
};
