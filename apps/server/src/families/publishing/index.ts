import type { Family } from '../../platform/deps';
import { AppInformation } from './app-info';
import { ConnectProjects } from './projects';
import { Reach } from './reach';
import { Releases } from './releases';
import { originOf, type PublishingServices } from './routes/context';
import { projectRoutes } from './routes/projects';
import { testVersionRoutes } from './routes/test-versions';
import { ConnectTestVersions } from './test-versions';
import { connectRoutes } from './routes/connect';

const ROUTES = [connectRoutes, testVersionRoutes, projectRoutes];

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
