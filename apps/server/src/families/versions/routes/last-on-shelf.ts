import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function lastOnShelfRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.lastOnShelf, ({ caller, query, req }) => s.versions.lastOnShelf(caller, query.appId, messageLanguage(req)));
}
