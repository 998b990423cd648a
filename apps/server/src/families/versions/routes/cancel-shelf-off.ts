import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function cancelShelfOffRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.cancelShelfOff, ({ caller, body, req }) => s.versions.cancelShelfOff(caller, body.appId, body.versionId, messageLanguage(req)));
}
