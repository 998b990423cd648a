import type { FastifyInstance } from 'fastify';
import { publishingApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { PublishingServices } from './context';

export function submitRoute(app: FastifyInstance, s: PublishingServices): void {
  registerEndpoint(app, publishingApi.submitApp, ({ caller, query, body, req }) => s.releases.submit(caller, query.appId, query, body ?? undefined, messageLanguage(req)));
  registerEndpoint(app, publishingApi.submitAppV3, ({ caller, query, body, req }) => s.releases.submitV3(caller, query.appId, query, body ?? undefined, messageLanguage(req)));
}
