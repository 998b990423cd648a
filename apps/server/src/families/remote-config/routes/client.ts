import type { FastifyInstance } from 'fastify';
import { remoteConfigApi } from '@wharf/contract';
import { countryOfAcceptLanguage, languageOfAcceptLanguage } from '../../../platform/http/accept-language';
import { registerEndpoint, sendPreparedOr304 } from '../../../platform/http/register';
import type { RemoteConfigServices } from './context';

/** What an app calls on a device, with its client ID and API key. */
export function clientRoutes(app: FastifyInstance, { fetch, updates }: RemoteConfigServices): void {
  registerEndpoint(app, remoteConfigApi.fetchRemoteConfig, async ({ caller, query, body, req, reply }) => {
    const acceptLanguage = req.headers['accept-language'];
    const prepared = await fetch.fetch(caller.appId!, query.deviceId, {
      ...body,
      country: body.country ?? countryOfAcceptLanguage(acceptLanguage) ?? undefined,
      language: body.language ?? languageOfAcceptLanguage(acceptLanguage) ?? undefined,
    });
    // An instance holding this answer already costs a header exchange, no body.
    return sendPreparedOr304(req, reply, prepared);
  });
  registerEndpoint(app, remoteConfigApi.remoteConfigUpdates, ({ caller, query, req, reply }) => updates.stream(caller.appId!, query.after, query.timeoutSeconds, req, reply));
}
