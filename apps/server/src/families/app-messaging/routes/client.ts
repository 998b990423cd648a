import type { FastifyInstance } from 'fastify';
import { appMessagingApi as api } from '@wharf/contract';
import { countryOfAcceptLanguage, languageOfAcceptLanguage } from '../../../platform/http/accept-language';
import { publicOrigin } from '../../../platform/http/origin';
import { registerEndpoint, sendPreparedOr304 } from '../../../platform/http/register';
import type { AppMessagingServices } from './context';

/** What an app calls on a device, with its client ID and API key. */
export function clientRoutes(app: FastifyInstance, { fetch, deps }: AppMessagingServices): void {
  registerEndpoint(app, api.fetchMessages, async ({ caller, query, body, req, reply }) => {
    const acceptLanguage = req.headers['accept-language'];
    const prepared = await fetch.fetch(caller.appId!, publicOrigin(deps.config, req), {
      deviceId: query.deviceId,
      appVersion: body.appVersion,
      country: body.country ?? countryOfAcceptLanguage(acceptLanguage) ?? undefined,
      language: body.language ?? languageOfAcceptLanguage(acceptLanguage) ?? undefined,
    });
    // An instance holding this answer already costs a header exchange, no body.
    return sendPreparedOr304(req, reply, prepared);
  });
}
