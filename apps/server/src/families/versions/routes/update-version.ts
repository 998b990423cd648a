import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function updateVersionRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.updateVersion, ({ caller, body: { appId, versionId, ...edit }, req }) => s.versions.update(caller, appId, versionId, edit, messageLanguage(req)));
}
