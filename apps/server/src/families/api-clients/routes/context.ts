import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../../platform/deps';
import { publicOrigin } from '../../../platform/http/origin';
import { tokenUrlOf } from '../credentials';
import type { ApiClientGrants } from '../grants';
import type { ApiClientsService } from '../service';

/** The family's services, handed to every route file. */
export interface ApiClientsServices {
  apiClients: ApiClientsService;
  grants: ApiClientGrants;
  /** The token URL a key file names, from the deployment's public URL or the request's origin. */
  tokenUrl(req: FastifyRequest): string;
  /** The console's origin, for the addresses a call hands out. */
  origin(req: FastifyRequest): string;
}

export const servicesOf = (deps: Deps, apiClients: ApiClientsService, grants: ApiClientGrants): ApiClientsServices => ({
  apiClients,
  grants,
  tokenUrl: (req) => tokenUrlOf(deps, req),
  origin: (req) => publicOrigin(deps.config, req),
});
