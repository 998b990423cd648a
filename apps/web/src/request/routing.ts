import { DEFAULT_ZONE, zoneOfSite, type Zone } from '@wharf/rules';
import type { ClientConfig } from '@wharf/contract';

/**
 * Which zone gateway a call goes to (specification section 7):
 * - normal calls: the zone of the team's site id (agc_team_siteId; unknown is China);
 * - configuration and group-check calls: the home zone (China), unless the overseas switch
 *   (osSwitch) is on, which sends them to the selected team's zone;
 * - gateway calls (`/josp/hms/gwService`): China for the API names that only China
 *   serves, else the selected product's zone; without a product, the user type decides:
 *   a company team (type 2) uses the team's zone, a personal developer their own home
 *   site's zone (upSiteId).
 * In development, or when the configuration has no gateway URL for the zone, calls stay
 * on this origin (the Vite proxy forwards them).
 */

export type CallKind = 'normal' | 'zoneConfig' | 'gateway';

/** API names of gateway calls that only the China zone serves (merchant and whitelist calls). */
export const CHINA_ONLY_API_PREFIXES: readonly string[] = ['merchant.', 'whitelist.', 'agc.cn.'];

/** Company teams; personal developer accounts are type 1. */
export const COMPANY_USER_TYPE = 2;

export function callKindOf(fullPath: string): CallKind {
  if (/\/josp\/hms\/gwService$/.test(fullPath)) return 'gateway';
  if (/\/config$/.test(fullPath) || /\/group\/check$/.test(fullPath)) return 'zoneConfig';
  return 'normal';
}

export interface RoutingInputs {
  kind: CallKind;
  config: Pick<ClientConfig, 'zones' | 'switches'> | null;
  /** agc_team_siteId (text as in the cookie), or null. */
  teamSiteId: string | number | null;
  /** The selected product's zone (productRegion), or null when none is selected. */
  productZone?: Zone | null;
  /** The user's own home site id (upSiteId). */
  userSiteId?: string | number | null;
  /** The effective team user type. */
  userType?: number;
  /** For gateway calls: the apiName of the body. */
  apiName?: string | null;
  /** Development build: everything goes through the dev proxy. */
  dev?: boolean;
}

export function zoneForCall(inputs: RoutingInputs): Zone {
  const teamZone = zoneOfSite(inputs.teamSiteId);
  switch (inputs.kind) {
    case 'zoneConfig':
      return inputs.config?.switches.osSwitch ? teamZone : DEFAULT_ZONE;
    case 'gateway': {
      const apiName = inputs.apiName ?? '';
      if (CHINA_ONLY_API_PREFIXES.some((prefix) => apiName.startsWith(prefix))) return 'china';
      if (inputs.productZone) return inputs.productZone;
      return inputs.userType === COMPANY_USER_TYPE || inputs.userSiteId === null || inputs.userSiteId === undefined
        ? teamZone
        : zoneOfSite(inputs.userSiteId);
    }
    default:
      return teamZone;
  }
}

/** The base URL of a call: the zone's gateway URL, or '' for this origin. */
export function baseUrlForCall(inputs: RoutingInputs): string {
  if (inputs.dev || !inputs.config) return '';
  const zone = zoneForCall(inputs);
  const url = inputs.config.zones.find((z) => z.zone === zone)?.gatewayUrl ?? '';
  return url.replace(/\/+$/, '');
}
