import type { FastifyInstance } from 'fastify';
import { publishingApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { PublishingServices } from './context';

export function onShelfTimeRoute(app: FastifyInstance, s: PublishingServices): void {
  registerEndpoint(app, publishingApi.onShelfTime, ({ caller, query, body, req }) => s.releases.onShelfTime(caller, query.appId, body, messageLanguage(req)));
}
