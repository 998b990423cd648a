import { consoleApi } from '@wharf/contract';
import { ZONES, ZONE_SITE_IDS } from '@wharf/rules';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../platform/deps';
import { registerEndpoint } from '../../../platform/http/register';
import { featureSwitchesOf } from '../switches';
import { SERVER_VERSION } from '../../../version';

export function consoleRoutes(app: FastifyInstance, { config }: Deps): void {
  const switches = featureSwitchesOf(config.featureSwitches);
  registerEndpoint(app, consoleApi.getConfig, async () => ({
    csrfHeaderName: config.csrfHeaderName,
    teamIdHeaderName: 'teamId',
    zones: ZONES.map((zone) => ({
      zone,
      siteId: ZONE_SITE_IDS[zone],
      // One deployment serves every zone until zones get servers of their own.
      gatewayUrl: config.zoneGateways[zone] ?? '',
      reportUrl: config.zoneReportUrls[zone] ?? '',
    })),
    defaultZone: config.defaultZone,
    switches,
    haReportUrl: config.haReportUrl,
    errorReportUrl: config.errorReportUrl,
    serverVersion: SERVER_VERSION,
  }));
}
