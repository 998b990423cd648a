import type { FastifyInstance } from 'fastify';
import { publishingApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { PublishingServices } from './context';

export function phasedReleaseRoute(app: FastifyInstance, s: PublishingServices): void {
  registerEndpoint(app, publishingApi.changePhasedRelease, ({ caller, query, body, req }) => s.releases.phasedRelease(caller, query.appId, body, messageLanguage(req)));
}
