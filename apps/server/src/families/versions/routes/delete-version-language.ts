import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function deleteVersionLanguageRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.deleteVersionLanguage, ({ caller, query, req }) => s.versions.removeLanguage(caller, query.appId, query.versionId, query.language, messageLanguage(req)));
}
