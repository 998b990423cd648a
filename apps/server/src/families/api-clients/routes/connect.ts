import type { FastifyInstance } from 'fastify';
import { apiClientsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ApiClientsServices } from './context';

/** The Connect API that CI tools call with an API client's token, in AppGallery Connect's shapes. */
export function connectRoutes(app: FastifyInstance, s: ApiClientsServices): void {
  registerEndpoint(app, apiClientsApi.briefInfo, ({ caller }) => s.apiClients.brief(caller));
}
