import type { Deps } from '../../platform/deps';
import { perDeps } from '../../platform/per-deps';
import { AssociationFiles } from './association';
import { LinkClaims } from './claims';
import { LinksService } from './links';
import { LinkMeter } from './meter';
import { LinkPrefixes } from './prefixes';
import { LinkReports } from './reports';
import type { AppLinksServices } from './routes/context';
import { LinkServer } from './serve';
import { LinkSettingsService } from './settings';

/** The family's services, one set per running server (what it serves is kept once). */
export const appLinksOf = perDeps((deps: Deps): AppLinksServices => {
  const meter = new LinkMeter(deps.clock);
  const server = new LinkServer(deps, meter);
  return {
    deps,
    meter,
    server,
    settings: new LinkSettingsService(deps, (projectId) => server.forgetSettings(projectId)),
    prefixes: new LinkPrefixes(deps, (kind, name) => server.forgetPrefix(kind, name)),
    links: new LinksService(deps, (prefixId, suffixKey) => server.forgetLink(prefixId, suffixKey)),
    claims: new LinkClaims(deps, server, meter),
    reports: new LinkReports(deps, (prefixId, suffixKey) => server.forgetLink(prefixId, suffixKey)),
    association: new AssociationFiles(deps),
  };
});
