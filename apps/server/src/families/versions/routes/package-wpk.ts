import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function packageWpkRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.packageWpk, ({ caller, body, req }) => s.packages.bind(caller, 'wpk', body, messageLanguage(req)));
}
