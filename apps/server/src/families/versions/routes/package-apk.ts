import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function packageApkRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.packageApk, ({ caller, body, req }) => s.packages.bind(caller, 'apk', body, messageLanguage(req)));
}
