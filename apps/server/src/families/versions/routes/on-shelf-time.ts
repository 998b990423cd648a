import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function onShelfTimeRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.onShelfTime, ({ caller, body, req }) => s.versions.onShelfTime(caller, body.appId, body.versionId, body, messageLanguage(req)));
}
