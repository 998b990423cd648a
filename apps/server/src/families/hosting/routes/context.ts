import type { Deps } from '../../../platform/deps';
import type { HostingDeploy } from '../deploy';
import type { HostingDomains } from '../domains';
import type { HostingServer } from '../serve';
import type { HostingSites } from '../sites';

/** The family's services, handed to every route file. */
export interface HostingServices {
  sites: HostingSites;
  deploy: HostingDeploy;
  domains: HostingDomains;
  server: HostingServer;
  deps: Deps;
}
