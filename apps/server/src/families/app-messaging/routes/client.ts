import type { FastifyInstance } from 'fastify';
import { appMessagingApi as api } from '@wharf/contract';
import { countryOfAcceptLanguage, languageOfAcceptLanguage } from '../../../platform/http/accept-language';
import { publicOrigin } from '../../../platform/http/origin';
import { registerEndpoint, sendPrepared, STREAMED } from '../../../platform/http/register';
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
    reply.header('ETag', prepared.etag).header('Cache-Control', 'private, no-cache');
    if (req.headers['if-none-match'] === prepared.etag) {
      reply.code(304).send();
      return STREAMED;
    }
    return sendPrepared(reply, prepared);
  });
}
