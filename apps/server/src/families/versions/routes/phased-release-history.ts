import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function phasedReleaseHistoryRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.phasedReleaseHistory, ({ caller, query }) => s.phased.history(caller, query.appId, query.versionId));
}
