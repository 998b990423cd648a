import type { FastifyInstance } from 'fastify';
import { publishingApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { PublishingServices } from './context';

export function compileStatusRoute(app: FastifyInstance, s: PublishingServices): void {
  registerEndpoint(app, publishingApi.compileStatus, ({ caller, query, req }) => s.releases.compileStatus(caller, query.appId, query.pkgIds, messageLanguage(req)));
}
