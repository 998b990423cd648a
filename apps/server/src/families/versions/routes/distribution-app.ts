import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function distributionAppRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.distributionApp, ({ caller, query, req }) => s.overview.app(caller, query.appId, messageLanguage(req)));
}
