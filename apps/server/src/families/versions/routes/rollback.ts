import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function rollbackRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.rollback, ({ caller, body, req }) => s.versions.request(caller, body.appId, body.versionId, 'rollback', body.reason, messageLanguage(req)));
}
