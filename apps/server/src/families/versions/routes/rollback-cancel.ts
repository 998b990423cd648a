import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function rollbackCancelRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.rollbackCancel, ({ caller, query, req }) => s.versions.cancelRollback(caller, query.appId, query.versionId, messageLanguage(req)));
}
