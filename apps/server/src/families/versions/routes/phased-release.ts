import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function phasedReleaseRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.changePhasedRelease, ({ caller, body: { appId, versionId, ...change } }) => s.phased.change(caller, appId, versionId, change));
}
