import type { Deps } from '../../platform/deps';
import { perDeps } from '../../platform/per-deps';
import { HostingDeploy } from './deploy';
import { HostingDomains } from './domains';
import type { HostingServices } from './routes/context';
import { HostingServer } from './serve';
import { HostingSites } from './sites';

/** The family's services, one set per running server (what it serves is cached once). */
export const hostingOf = perDeps((deps: Deps): HostingServices => {
  const server = new HostingServer(deps);
  const sites = new HostingSites(deps, (name) => server.forget(name));
  return { sites, deploy: new HostingDeploy(deps, sites), domains: new HostingDomains(deps, sites), server, deps };
});
