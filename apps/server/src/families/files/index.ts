import type { Family } from '../../platform/deps';
import { BY_URL_QUEUE, ByUrlUploads } from './by-url';
import { byUrlRoutes } from './routes/by-url';
import { downloadRoutes } from './routes/download';
import { uploadRoutes } from './routes/upload';
import { FilesService } from './service';
import { UrlSigner } from './signing';
import { registerSweep, scheduleSweep } from './sweep';

/** The file service: streamed uploads, resumable multipart uploads, signed downloads. */
export const filesFamily: Family = {
  name: 'files',
  register(app, deps) {
    const s = new FilesService(deps);
    uploadRoutes(app, s);
    downloadRoutes(app, s, new UrlSigner(deps), deps);
    const byUrl = new ByUrlUploads(deps);
    byUrlRoutes(app, byUrl, deps);
    deps.jobs.work<{ fileId: string }>(BY_URL_QUEUE, ({ fileId }) => byUrl.fetch(fileId));
    registerSweep(deps);
  },
  async onStart(deps) {
    await scheduleSweep(deps, deps.db, deps.clock.now());
  },
};
