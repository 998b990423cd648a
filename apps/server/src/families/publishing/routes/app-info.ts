import type { FastifyInstance } from 'fastify';
import { publishingApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { PublishingServices } from './context';

export function appInfoRoute(app: FastifyInstance, s: PublishingServices): void {
  registerEndpoint(app, publishingApi.getAppInfo, ({ caller, query, req }) => s.info.appInfo(caller, query.appId, query.lang, messageLanguage(req)));
}
