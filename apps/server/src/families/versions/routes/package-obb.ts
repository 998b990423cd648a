import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function packageObbRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.packageObb, ({ caller, body, req }) => s.packages.expansion(caller, body, messageLanguage(req)));
}
