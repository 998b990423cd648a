import type { FastifyInstance } from 'fastify';
import { publishingApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { PublishingServices } from './context';

export function deleteLanguageInfoRoute(app: FastifyInstance, s: PublishingServices): void {
  registerEndpoint(app, publishingApi.deleteLanguageInfo, ({ caller, query, req }) => s.info.removeLanguage(caller, query.appId, query.lang, messageLanguage(req)));
}
