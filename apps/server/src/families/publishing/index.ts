import type { Family } from '../../platform/deps';
import { AppInformation } from './app-info';
import { ConnectProjects } from './projects';
import { Reach } from './reach';
import { Releases } from './releases';
import { appFileInfoRoute } from './routes/app-file-info';
import { appInfoRoute } from './routes/app-info';
import { appIdListRoute } from './routes/appid-list';
import { compileStatusRoute } from './routes/compile-status';
import { originOf, type PublishingServices } from './routes/context';
import { deleteLanguageInfoRoute } from './routes/delete-language-info';
import { updateLanguageInfoRoute } from './routes/language-info';
import { onShelfTimeRoute } from './routes/on-shelf-time';
import { phasedReleaseRoute } from './routes/phased-release';
import { projectRoutes } from './routes/projects';
import { submitRoute } from './routes/submit';
import { testVersionRoutes } from './routes/test-versions';
import { uploadUrlRoute } from './routes/upload-url';
import { ConnectTestVersions } from './test-versions';

const ROUTES = [appIdListRoute, appInfoRoute, updateLanguageInfoRoute, deleteLanguageInfoRoute, uploadUrlRoute, appFileInfoRoute, compileStatusRoute, submitRoute, phasedReleaseRoute, onShelfTimeRoute, testVersionRoutes, projectRoutes];

/**
 * AppGallery Connect's Publishing API at `/api/publish/v2`, for API clients: CI tools built
 * for it publish to Wharf by changing only the origin (docs/publishing-api.md).
 */
export const publishingFamily: Family = {
  name: 'publishing',
  register(app, deps) {
    const reach = new Reach(deps);
    const s: PublishingServices = { info: new AppInformation(deps, reach), releases: new Releases(deps, reach), tests: new ConnectTestVersions(deps, reach), projects: new ConnectProjects(deps), origin: originOf(deps) };
    for (const route of ROUTES) route(app, s);
  },
};
