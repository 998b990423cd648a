import type { FastifyInstance } from 'fastify';
import { analyticsApi } from '@wharf/contract';
import { countryOfAcceptLanguage, languageOfAcceptLanguage } from '../../../platform/http/accept-language';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { AnalyticsServices } from './context';

/** What an app calls on a device, with its client ID and API key. */
export function clientRoutes(app: FastifyInstance, { ingest }: AnalyticsServices): void {
  registerEndpoint(app, analyticsApi.sendAnalyticsEvents, ({ caller, query, body, req }) => {
    const acceptLanguage = req.headers['accept-language'];
    const { context } = body;
    return ingest.send(caller, {
      deviceId: query.deviceId,
      context: {
        ...context,
        country: context.country ?? countryOfAcceptLanguage(acceptLanguage) ?? undefined,
        language: context.language ?? languageOfAcceptLanguage(acceptLanguage) ?? undefined,
      },
      events: body.events,
      language: messageLanguage(req),
    });
  });
  registerEndpoint(app, analyticsApi.setAnalyticsOptOut, async ({ caller, query, body }) => ({ optedOut: await ingest.optOut(caller, query.deviceId, body.optedOut) }));
}
