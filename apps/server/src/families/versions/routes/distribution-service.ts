import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function distributionServiceRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.distributionService, ({ caller }) => s.overview.service(caller));
}
