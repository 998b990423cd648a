import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function packageNoneRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.packageNone, ({ caller, body, req }) => s.packages.none(caller, body, messageLanguage(req)));
}
