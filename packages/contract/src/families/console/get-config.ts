import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';

export const zoneName = z.enum(['china', 'singapore', 'europe', 'russia', 'iran']);

export const zoneGateway = z.object({
  zone: zoneName,
  siteId: z.number().int(),
  /** Base URL of the zone's API gateway; empty means "this origin". */
  gatewayUrl: z.string(),
  /** Base URL behaviour reports of this zone go to (plus `/webv1`). */
  reportUrl: z.string(),
});

export const featureSwitches = z.object({
  osSwitch: z.boolean(),
  osSwitch2: z.boolean(),
  osSwitch3: z.boolean(),
  osSwitch4: z.boolean(),
  unrealNameSwitch: z.boolean(),
  chinaSideSwitch: z.boolean(),
  googleAnalyticsSwitch: z.boolean(),
  AGC_enableHA: z.boolean(),
  useAgcLoginSwitch: z.boolean(),
  h5UseAgcLoginSwitch: z.boolean(),
  applyInterface: z.boolean(),
  demoProjectMemberEditPermission: z.boolean(),
});

export type FeatureSwitches = z.infer<typeof featureSwitches>;

export const clientConfig = okResponse({
  csrfHeaderName: z.string(),
  teamIdHeaderName: z.string(),
  zones: z.array(zoneGateway),
  defaultZone: zoneName,
  switches: featureSwitches,
  /** The analytics SDK's own report URL, when that SDK variant is deployed. */
  haReportUrl: z.string().nullable(),
  /** Where the console forwards client errors, when an error-reporting service is set up. */
  errorReportUrl: z.string().nullable(),
  serverVersion: z.string(),
});

export type ClientConfig = z.infer<typeof clientConfig>;

export const getConfig = defineEndpoint({
  id: 'console.getConfig',
  method: 'GET',
  prefix: 'console/v1',
  path: '/config',
  access: 'anonymous',
  summary: 'Client configuration: zone gateways, feature switches, report URLs, header names',
  response: clientConfig,
});
