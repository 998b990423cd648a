import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../../platform/deps';
import { publicOrigin } from '../../../platform/http/origin';
import type { AppInformation } from '../app-info';
import type { ConnectProjects } from '../projects';
import type { Releases } from '../releases';
import type { ConnectTestVersions } from '../test-versions';

/** The family's services, handed to every route file. */
export interface PublishingServices {
  info: AppInformation;
  releases: Releases;
  tests: ConnectTestVersions;
  projects: ConnectProjects;
  /** Where this deployment is reached: upload URLs must be absolute, as AppGallery Connect's are. */
  origin(req: FastifyRequest): string;
}

export const originOf = (deps: Deps) => (req: Pick<FastifyRequest, 'protocol' | 'host'>) => publicOrigin(deps.config, req);
