import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function versionListRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.versionList, ({ caller, query, req }) => s.versions.list(caller, query, false, messageLanguage(req)));
}
