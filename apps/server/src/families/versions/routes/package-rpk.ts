import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function packageRpkRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.packageRpk, ({ caller, body, req }) => s.packages.bind(caller, 'rpk', body, messageLanguage(req)));
}
