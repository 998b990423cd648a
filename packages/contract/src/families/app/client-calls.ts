import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { refused } from '../../kit/field-errors';
import { packageName } from './schemas';

const PREFIX = 'amis/app-manage/v1';
const appQuery = z.object({ appId: z.uuid() });

/** At most this many package names and web origins on one key. */
export const MAX_KEY_RESTRICTIONS = 20;
/** How long a replaced API key may still be used, at most (a week, to ship an update). */
export const MAX_KEY_GRACE_HOURS = 168;

/** `https://example.com` or `http://localhost:8080`: scheme, host and port, nothing else. */
export const webOrigin = z
  .string()
  .trim()
  .max(200)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === v.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, refused('webOrigin'))
  .transform((v) => v.replace(/\/$/, ''));

/**
 * The app's client credentials: what the configuration file carries and every device-facing
 * call of the app sends. The API key identifies the app, it ships inside every copy, so it
 * is shown to whoever may read the app; restrictions and security rules authorise.
 */
export const appClient = z.object({
  appId: z.uuid(),
  clientId: z.string(),
  apiKey: z.string(),
  /** Calls must say they run as one of these (header `x-package-name`); empty: any. */
  packageNames: z.array(z.string()),
  /** Browsers' calls must come from one of these origins; empty: any. */
  webOrigins: z.array(z.string()),
  createdAt: z.iso.datetime(),
  keyRotatedAt: z.iso.datetime().nullable(),
  /** Until then the key replaced by the last rotation is still let in. */
  previousKeyExpiresAt: z.iso.datetime().nullable(),
});
export type AppClient = z.infer<typeof appClient>;

export const getAppClient = defineEndpoint({
  id: 'app.client',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/client',
  access: 'app:app.read',
  summary: "The app's client ID, API key and the key's restrictions",
  query: appQuery,
  response: okResponse({ client: appClient }),
});

export const restrictAppKey = defineEndpoint({
  id: 'app.clientRestrict',
  method: 'PUT',
  prefix: PREFIX,
  path: '/app/client/restrictions',
  access: 'app:app.manage',
  summary: 'Restrict the API key to package names (apps) and web origins (browsers); empty lists allow any',
  body: z.object({
    appId: z.uuid(),
    packageNames: z.array(packageName).max(MAX_KEY_RESTRICTIONS),
    webOrigins: z.array(webOrigin).max(MAX_KEY_RESTRICTIONS),
  }),
  response: okResponse({ client: appClient }),
});

export const rotateAppKey = defineEndpoint({
  id: 'app.clientRotate',
  method: 'POST',
  prefix: PREFIX,
  path: '/app/client/rotate',
  access: 'app:app.manage',
  summary: 'Replace the API key; the old one keeps working for the grace period (0 ends it now)',
  body: z.object({ appId: z.uuid(), graceHours: z.number().int().min(0).max(MAX_KEY_GRACE_HOURS) }),
  response: okResponse({ client: appClient }),
});

/** The `agconnect-services.json` an app's SDK reads (AppGallery Connect's layout). */
export const appConfigFile = z.object({
  configuration_version: z.string(),
  region: z.string(),
  agcgw: z.object({ url: z.string(), backurl: z.string() }),
  agcgw_all: z.record(z.string(), z.string()),
  client: z.object({
    cp_id: z.string(),
    product_id: z.string(),
    project_id: z.string(),
    app_id: z.string(),
    client_id: z.string(),
    api_key: z.string(),
    package_name: z.string(),
  }),
  /** Where devices call Cloud Storage: the deployment's user-content origin. */
  cloudstorage: z.object({ storage_url: z.string() }),
  service: z.record(z.string(), z.record(z.string(), z.string())),
});

export const getAppConfigFile = defineEndpoint({
  id: 'app.configFile',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/config-file',
  access: 'app:app.read',
  summary: "The app's configuration file (agconnect-services.json) with its client credentials",
  query: appQuery,
  response: okResponse({ fileName: z.string(), content: appConfigFile }),
});
