import type { FastifyInstance } from 'fastify';
import { publishingApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { PublishingServices } from './context';

export function updateLanguageInfoRoute(app: FastifyInstance, s: PublishingServices): void {
  registerEndpoint(app, publishingApi.updateLanguageInfo, ({ caller, query, body, req }) => s.info.setLanguage(caller, query.appId, body, messageLanguage(req)));
}
