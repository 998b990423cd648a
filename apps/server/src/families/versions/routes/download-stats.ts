import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function downloadStatsRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.downloadStats, ({ caller, query }) => s.stats.downloads(caller, query));
}
