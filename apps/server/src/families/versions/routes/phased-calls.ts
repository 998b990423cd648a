import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { PhasedService } from '../phased';

export function phasedRoutes(app: FastifyInstance, s: PhasedService): void {
  registerEndpoint(app, versionApi.changePhasedRelease, ({ caller, body: { appId, versionId, ...change } }) => s.change(caller, appId, versionId, change));
  registerEndpoint(app, versionApi.phasedReleaseHistory, ({ caller, query }) => s.history(caller, query.appId, query.versionId));
}
