import { isSupportedLanguage, isZone, type Language, type Zone } from '@wharf/rules';
import { numberOf } from './numbers';

/**
 * The session data of the specification (section 3), kept where it belongs: facts of this
 * tab's session in sessionStorage (gone when the tab closes, never shared between two
 * signed-in tabs of different teams), the user's saved choices in localStorage.
 */

export interface AppInfo {
  appID: string;
  childType?: number;
}

export interface ProductInfo {
  productID: string;
  region?: string;
  projectId?: string;
}

export interface ServiceMapEntry {
  id: string;
  serviceId: string;
  menuId: string;
}

export interface UserRoleEntry {
  key: string;
  name: string;
  builtIn: boolean;
}

export interface SessionData {
  agc_uid: string;
  agc_team_id: string;
  agc_team_countryCode: string;
  agc_country: string;
  agc_team_siteId: string;
  agc_userType: number;
  agc_team_userType: number;
  agc_verifyRealState: number;
  appInfo: AppInfo;
  productInfo: ProductInfo;
  projectInfo: ProductInfo;
  userPermission: Record<string, string>;
  userRoles: UserRoleEntry[];
  upSiteId: string;
  productRegion: Zone;
  dataLocation: string;
  currentProductId: string;
  serviceMap: ServiceMapEntry[];
  reportedClues: string[];
  agc_lang: Language;
  agc_ignoreHa: string;
}

export type SessionKey = keyof SessionData;

type Kind = 'text' | 'number' | 'json';

const KEYS: Readonly<Record<SessionKey, { local: boolean; kind: Kind }>> = {
  agc_uid: { local: false, kind: 'text' },
  agc_team_id: { local: false, kind: 'text' },
  agc_team_countryCode: { local: false, kind: 'text' },
  agc_country: { local: false, kind: 'text' },
  agc_team_siteId: { local: false, kind: 'text' },
  agc_userType: { local: false, kind: 'number' },
  agc_team_userType: { local: false, kind: 'number' },
  agc_verifyRealState: { local: false, kind: 'number' },
  appInfo: { local: false, kind: 'json' },
  productInfo: { local: false, kind: 'json' },
  projectInfo: { local: false, kind: 'json' },
  userPermission: { local: false, kind: 'json' },
  userRoles: { local: false, kind: 'json' },
  upSiteId: { local: false, kind: 'text' },
  productRegion: { local: false, kind: 'text' },
  dataLocation: { local: false, kind: 'text' },
  currentProductId: { local: false, kind: 'text' },
  serviceMap: { local: false, kind: 'json' },
  reportedClues: { local: false, kind: 'json' },
  // The saved language and the analytics opt-out outlive the tab.
  agc_lang: { local: true, kind: 'text' },
  agc_ignoreHa: { local: true, kind: 'text' },
};

export const SESSION_KEYS = Object.keys(KEYS) as SessionKey[];

// Storage can throw (disabled cookies, Safari private mode, quota): the console then
// behaves as if nothing were stored.
function area(local: boolean): Storage | null {
  try {
    return local ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function readRaw(key: string, local: boolean): string | null {
  try {
    return area(local)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeRaw(key: string, local: boolean, value: string | null): void {
  try {
    const storage = area(local);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // nothing to do: the value is simply not kept
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// What each JSON key must look like; anything else reads as missing.
const SHAPES: Partial<Record<SessionKey, (value: unknown) => boolean>> = {
  appInfo: (v) => isRecord(v) && typeof v.appID === 'string',
  productInfo: (v) => isRecord(v) && typeof v.productID === 'string',
  projectInfo: (v) => isRecord(v) && typeof v.productID === 'string',
  userPermission: isRecord,
  userRoles: Array.isArray,
  serviceMap: Array.isArray,
  reportedClues: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  productRegion: isZone,
  agc_lang: isSupportedLanguage,
};

/** A stored value, typed; null when missing or not of its key's shape. */
export function getSessionValue<K extends SessionKey>(key: K): SessionData[K] | null {
  const { local, kind } = KEYS[key];
  const raw = readRaw(key, local);
  if (raw === null) return null;
  let value: unknown = raw;
  if (kind === 'number') value = numberOf(raw);
  else if (kind === 'json') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  }
  if (value === null) return null;
  const shape = SHAPES[key];
  if (shape && !shape(value)) return null;
  return value as SessionData[K];
}

/** Stores a value; null removes it. */
export function setSessionValue<K extends SessionKey>(key: K, value: SessionData[K] | null | undefined): void {
  const { local, kind } = KEYS[key];
  if (value === null || value === undefined) {
    writeRaw(key, local, null);
    return;
  }
  writeRaw(key, local, kind === 'json' ? JSON.stringify(value) : String(value));
}

/** Forgets the tab's session facts (sign-out, forced sign-in); saved choices stay. */
export function clearSessionData(): void {
  for (const key of SESSION_KEYS) if (!KEYS[key].local) writeRaw(key, false, null);
}

/** A local setting outside the session data (the analytics switch `closeHa`). */
export function readLocalSetting(key: string): string | null {
  return readRaw(key, true);
}

/**
 * The zone of the product (project) in use: `productRegion`, else the region of the
 * stored product or project info. Null when none is selected; a value that cannot be
 * read (unknown zone, broken JSON) is China, as the specification says.
 */
export function readProductRegion(): Zone | null {
  try {
    const rawRegion = readRaw('productRegion', false);
    if (rawRegion !== null) return isZone(rawRegion) ? rawRegion : 'china';
    for (const key of ['productInfo', 'projectInfo'] as const) {
      const raw = readRaw(key, false);
      if (raw === null) continue;
      const parsed = JSON.parse(raw) as unknown;
      const region = isRecord(parsed) ? parsed.region : undefined;
      if (region === undefined || region === null || region === '') continue;
      return isZone(region) ? region : 'china';
    }
    return null;
  } catch {
    return 'china';
  }
}
