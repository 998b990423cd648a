import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../../platform/deps';
import { tokenUrlOf } from '../credentials';
import type { ApiClientsService } from '../service';

/** The family's services, handed to every route file. */
export interface ApiClientsServices {
  apiClients: ApiClientsService;
  /** The token URL a key file names, from the deployment's public URL or the request's origin. */
  tokenUrl(req: FastifyRequest): string;
}

export const servicesOf = (deps: Deps, apiClients: ApiClientsService): ApiClientsServices => ({ apiClients, tokenUrl: (req) => tokenUrlOf(deps, req) });
