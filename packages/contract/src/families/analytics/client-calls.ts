import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { ANALYTICS_LIMITS, analyticsContext, rejectedEvent } from './schemas';

/** The app instance's own ID (the SDK makes one per installation). */
export const instanceId = z.string().trim().min(8).max(128).regex(/^[A-Za-z0-9_.:-]+$/);

export const sendAnalyticsEvents = defineEndpoint({
  id: 'analytics.send',
  method: 'POST',
  prefix: 'ha/v1/client',
  path: '/events',
  access: 'app-client',
  rateLimit: { class: 'analyticsDevice', by: 'device' },
  summary: 'A batch of events of one app instance: each event is checked on its own, duplicates (by event id) are not counted again, and what is left out is listed with the reason',
  query: z.object({ deviceId: instanceId }),
  body: z.object({
    context: analyticsContext.default({}),
    // Each event is checked on its own (analyticsEvent), so one bad event costs only itself.
    events: z.array(z.unknown()).min(1).max(ANALYTICS_LIMITS.eventsPerBatch),
  }),
  response: okResponse({
    accepted: z.number().int(),
    /** Events sent before (the same id): already counted, not again. */
    duplicates: z.number().int(),
    rejected: z.array(rejectedEvent),
    /** The instance opted out of analytics: nothing of it is kept. */
    optedOut: z.boolean(),
  }),
});

export const setAnalyticsOptOut = defineEndpoint({
  id: 'analytics.optOut',
  method: 'PUT',
  prefix: 'ha/v1/client',
  path: '/opt-out',
  access: 'app-client',
  rateLimit: { class: 'analyticsDevice', by: 'device' },
  summary: 'The app instance opts out of analytics (or back in): while out, the server keeps none of its events',
  query: z.object({ deviceId: instanceId }),
  body: z.object({ optedOut: z.boolean() }),
  response: okResponse({ optedOut: z.boolean() }),
});
