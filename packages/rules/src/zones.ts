import { countryById } from './catalogues/countries';
import { ZONE_SITE_IDS } from './constants';
import type { Language } from './language';
import { toInteger } from './numeric';

/** The zones (data centres) a team or project lives in. */
export const ZONES = Object.freeze(['china', 'singapore', 'europe', 'russia', 'iran'] as const);

export type Zone = (typeof ZONES)[number];

/** Where anything unknown goes (spec: "Unknown sites or zones fall back to China"). */
export const DEFAULT_ZONE: Zone = 'china';

export function isZone(value: unknown): value is Zone {
  return typeof value === 'string' && (ZONES as readonly string[]).includes(value);
}

/**
 * The zone of a zone site id (agc_team_siteId): 1 China, 3 Iran, 5 Singapore, 7 Europe,
 * 8 Russia. Accepts the number or its decimal spelling (cookies hold text); anything else,
 * including unknown ids, is China.
 */
export function zoneOfSite(siteId: number | string | null | undefined): Zone {
  const id = toInteger(siteId);
  return ZONES.find((zone) => ZONE_SITE_IDS[zone] === id) ?? DEFAULT_ZONE;
}

/** The zone site id of a zone; an unknown zone is China's (1). */
export function siteIdOfZone(zone: string | null | undefined): number {
  return ZONE_SITE_IDS[isZone(zone) ? zone : DEFAULT_ZONE];
}

/** The default display language of a zone: China cn, Russia ru, the others en. */
export function languageOfZone(zone: string | null | undefined): Language {
  const known = isZone(zone) ? zone : DEFAULT_ZONE;
  if (known === 'china') return 'cn';
  if (known === 'russia') return 'ru';
  return 'en';
}

// EU member states plus the other EEA states (Iceland, Liechtenstein, Norway).
const EU_EEA = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT',
  'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO',
]);

/**
 * The home zone a new team gets when sign-up names no zone (domain model): CN China,
 * RU Russia, EU/EEA Europe, IR Iran, every other country Singapore. A code that is not in
 * COUNTRIES (missing, malformed, 'XX') gives the default zone, China, like any unknown.
 */
export function zoneOfCountry(countryCode: string | null | undefined): Zone {
  const code = countryById(countryCode)?.id;
  if (code === undefined) return DEFAULT_ZONE;
  if (code === 'CN') return 'china';
  if (code === 'RU') return 'russia';
  if (code === 'IR') return 'iran';
  if (EU_EEA.has(code)) return 'europe';
  return 'singapore';
}
