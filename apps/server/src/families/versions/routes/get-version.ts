import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function getVersionRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.getVersion, ({ caller, query, req }) => s.versions.get(caller, query.appId, query.versionId, messageLanguage(req)));
}
