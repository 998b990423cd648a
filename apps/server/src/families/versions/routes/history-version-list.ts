import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function historyVersionListRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.historyVersionList, ({ caller, query, req }) => s.versions.list(caller, query, true, messageLanguage(req)));
}
