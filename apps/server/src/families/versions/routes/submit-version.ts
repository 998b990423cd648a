import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function submitVersionRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.submitVersion, ({ caller, body, req }) => s.versions.submit(caller, body.appId, body.versionId, messageLanguage(req)));
}
