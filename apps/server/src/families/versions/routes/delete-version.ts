import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function deleteVersionRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.deleteVersion, async ({ caller, query }) => {
    await s.versions.remove(caller, query.appId, query.versionId);
    return {};
  });
}
