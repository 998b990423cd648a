import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function createVersionRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.createVersion, ({ caller, body, req }) => s.versions.create(caller, body.appId, messageLanguage(req)));
}
