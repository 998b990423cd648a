import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function allianceAppsRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.allianceApps, ({ query }) => s.store.alliance(query));
}
