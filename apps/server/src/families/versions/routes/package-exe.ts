import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function packageExeRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.packageExe, ({ caller, body, req }) => s.packages.bind(caller, 'exe', body, messageLanguage(req)));
}
