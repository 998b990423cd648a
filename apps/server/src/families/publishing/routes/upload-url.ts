import type { FastifyInstance } from 'fastify';
import { publishingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { PublishingServices } from './context';

export function uploadUrlRoute(app: FastifyInstance, s: PublishingServices): void {
  registerEndpoint(app, publishingApi.uploadUrl, ({ caller, query, req }) => s.releases.uploadUrl(caller, query, s.origin(req)));
}
