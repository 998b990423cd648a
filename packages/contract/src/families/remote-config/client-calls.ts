import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { DEVICE_OSES, parameterKey, PARAMETER_TYPES, REMOTE_CONFIG_LIMITS } from './schemas';

/** What the app tells about itself; every field is optional, and a condition on a field not sent does not hold. */
export const fetchAttributes = z.object({
  appVersion: z.string().trim().max(64).optional(),
  os: z.enum(DEVICE_OSES).optional(),
  osVersion: z.string().trim().max(64).optional(),
  /** ISO 3166 alpha-2; when missing, the region of Accept-Language. */
  country: z.string().regex(/^[A-Za-z]{2}$/).transform((c) => c.toUpperCase()).optional(),
  /** BCP 47; when missing, the first of Accept-Language. */
  language: z.string().trim().max(35).optional(),
  deviceModel: z.string().trim().max(100).optional(),
  userProperties: z
    .record(parameterKey, z.string().max(256))
    .refine((p) => Object.keys(p).length <= REMOTE_CONFIG_LIMITS.userProperties, { message: 'tooMany' })
    .optional(),
});
export type FetchAttributes = z.infer<typeof fetchAttributes>;

export const fetchRemoteConfig = defineEndpoint({
  id: 'remoteConfig.fetch',
  method: 'POST',
  prefix: 'rcs/v1/client',
  path: '/fetch',
  access: 'app-client',
  rateLimit: { class: 'remoteConfigFetch', by: 'app' },
  summary: "The values that apply to this app instance (ETag / If-None-Match: 304 when unchanged); 429 when it fetches sooner than the app's minimum interval",
  query: z.object({
    /** The app instance's own ID (the SDK makes one per installation); its percentile comes from it. */
    deviceId: z.string().trim().min(8).max(128).regex(/^[A-Za-z0-9_.:-]+$/),
  }),
  body: fetchAttributes,
  response: okResponse({
    /** The published version the values come from (0: nothing published yet). */
    version: z.number().int(),
    values: z.record(z.string(), z.string()),
    types: z.record(z.string(), z.enum(PARAMETER_TYPES)),
    minimumFetchIntervalSeconds: z.number().int(),
    /** The running A/B experiments this instance takes part in, and its variant (an index): the SDK logs an exposure when it activates these values. */
    experiments: z.array(z.object({ id: z.string(), variant: z.number().int() })),
  }),
});

export const remoteConfigUpdates = defineEndpoint({
  id: 'remoteConfig.updates',
  method: 'GET',
  prefix: 'rcs/v1/client',
  path: '/updates',
  access: 'app-client',
  rateLimit: { class: 'remoteConfigFetch', by: 'app' },
  summary: 'Server-sent events (text/event-stream): `updated` with the version number when a version newer than `after` is live, at once and whenever one is published; closes after `timeoutSeconds` (the app reconnects)',
  query: z.object({
    /** The version the app holds: a newer live one is announced at once. */
    after: z.coerce.number().int().min(0).default(0),
    timeoutSeconds: z.coerce.number().int().min(1).max(3600).default(300),
  }),
  // What a stream that could not start answers; a started one is events, not JSON.
  response: okResponse({}),
});
