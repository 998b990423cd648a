import type { FastifyInstance } from 'fastify';
import { feedbackApi } from '@wharf/contract';
import { countryOfAcceptLanguage, languageOfAcceptLanguage } from '../../../platform/http/accept-language';
import { registerEndpoint } from '../../../platform/http/register';
import { bodyStream } from '../../files/public';
import type { FeedbackServices } from './context';

/** What an app calls on a device, with its client key: screenshots and the feedback. */
export function clientRoutes(app: FastifyInstance, { device, deps }: FeedbackServices): void {
  registerEndpoint(app, feedbackApi.uploadFeedbackScreenshot, ({ caller, query, req }) => device.screenshot(caller, bodyStream(req.body, deps.config.uploadIdleTimeoutMs), query.contentType));
  registerEndpoint(app, feedbackApi.submitFeedback, ({ caller, body, req }) => {
    const acceptLanguage = req.headers['accept-language'];
    const deviceId = req.headers['x-device-id'];
    return device.submit(caller, body, {
      deviceId: typeof deviceId === 'string' ? deviceId.slice(0, 128) : null,
      language: languageOfAcceptLanguage(acceptLanguage)?.split('-')[0]?.toLowerCase() ?? null,
      country: countryOfAcceptLanguage(acceptLanguage),
    });
  });
}
