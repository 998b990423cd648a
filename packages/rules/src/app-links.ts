/**
 * App links: what a link may say and where it sends whom. Pure rules shared by the
 * server (checks and the redirect's choice) and the console (checked as typed).
 */

export const APP_LINK_LIMITS = {
  prefixMin: 3,
  prefixMax: 32,
  suffixMin: 4,
  suffixMax: 64,
  /** Random suffixes: 8 of 56 unambiguous characters, about 46 bits. */
  randomSuffix: 8,
  urlMax: 2048,
  allowedHosts: 50,
  socialTitle: 200,
  socialDescription: 500,
  /** Links a project may create in a day unless its settings say otherwise. */
  perDayDefault: 1000,
  perDayMax: 100_000,
  bulk: 100,
  /** How long a deferred deep link waits for the app's first open. */
  claimTokenHours: 72,
  /** How long a coarse fingerprint is kept for matching (where the project turns it on). */
  fingerprintHours: 2,
} as const;

export const IOS_BUNDLE_ID = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
export const APP_STORE_ID = /^\d{1,12}$/;
export const LINK_PREFIX_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
export const LINK_SUFFIX = /^[A-Za-z0-9_-]+$/;
export const RANDOM_SUFFIX_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Words a custom suffix or a prefix may not be: the link host's own paths and words people trust. */
export const RESERVED_LINK_WORDS: readonly string[] = [
  '.well-known', 'apple-app-site-association', 'robots.txt', 'favicon.ico', 'sitemap.xml', 'report', 'preview', 'qr',
  'api', 'admin', 'administrator', 'login', 'logout', 'signin', 'signup', 'register', 'account', 'password', 'reset',
  'verify', 'oauth', 'auth', 'support', 'help', 'abuse', 'security', 'terms', 'privacy', 'legal', 'billing', 'pay',
  'store', 'download', 'app', 'apps', 'console', 'static', 'assets', 'www', 'mail', 'wharf', 'operator', 'l',
];

export type LinkWordProblem = 'format' | 'length' | 'reserved';

export function linkSuffixProblem(suffix: string): LinkWordProblem | null {
  if (suffix.length < APP_LINK_LIMITS.suffixMin || suffix.length > APP_LINK_LIMITS.suffixMax) return 'length';
  if (!LINK_SUFFIX.test(suffix)) return 'format';
  return RESERVED_LINK_WORDS.includes(suffix.toLowerCase()) ? 'reserved' : null;
}

export function linkPrefixProblem(name: string): LinkWordProblem | null {
  if (name.length < APP_LINK_LIMITS.prefixMin || name.length > APP_LINK_LIMITS.prefixMax) return 'length';
  if (!LINK_PREFIX_NAME.test(name) || name.includes('--')) return 'format';
  return RESERVED_LINK_WORDS.includes(name) ? 'reserved' : null;
}

/** A host name of DNS's shape (go.example.com), case-insensitive: custom domains and link hosts. */
export const HOST_NAME = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** An allow-list entry: a host name, or `*.` and a domain for any host under it. */
export const ALLOWED_HOST = /^(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function hostAllowed(host: string, allowList: readonly string[]): boolean {
  if (!allowList.length) return true;
  const h = host.toLowerCase().replace(/\.$/, '');
  return allowList.some((entry) => (entry.startsWith('*.') ? h.endsWith(entry.slice(1)) && h.length > entry.length - 1 : h === entry));
}

export type LinkTargetProblem = 'format' | 'scheme' | 'credentials' | 'host';

/**
 * Where a link may send people: an absolute http(s) address without credentials, on a host
 * of the project's allow-list when it has one. `javascript:`, `data:`, protocol-relative
 * and scheme-less addresses are refused, so the redirect can never run script or leave
 * the allowed hosts.
 */
export function linkTargetProblem(url: string, allowList: readonly string[]): LinkTargetProblem | null {
  if (url.length > APP_LINK_LIMITS.urlMax || /[\s\p{Cc}\\]/u.test(url)) return 'format';
  if (!/^https?:\/\//i.test(url)) return 'scheme';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'format';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'scheme';
  if (parsed.username || parsed.password) return 'credentials';
  if (!parsed.hostname) return 'format';
  return hostAllowed(parsed.hostname, allowList) ? null : 'host';
}

export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/** What a link holds, stored or read from a long link's query. */
export interface LinkTargets {
  deepLink: string;
  androidAppId: string | null;
  androidMinVersion: number | null;
  androidFallbackUrl: string | null;
  harmonyAppId: string | null;
  harmonyFallbackUrl: string | null;
  /** iOS apps are not published through Wharf: the bundle ID (for apple-app-site-association) and the App Store ID. */
  iosBundleId: string | null;
  iosAppStoreId: string | null;
  iosFallbackUrl: string | null;
  desktopUrl: string | null;
  social: { title: string | null; description: string | null; imageUrl: string | null };
  utm: Partial<Record<UtmKey, string>>;
}

/**
 * A long link's query names (Firebase Dynamic Links' where one exists, so its users' long
 * links keep their meaning): link, apn, amv, afl, ibi, ifl, ofl, st, sd, si, utm_*; and
 * Wharf's own for HarmonyOS (hbn, hfl). Apps are named by package or bundle name.
 */
export interface LongLinkQuery {
  link: string;
  apn?: string;
  amv?: number;
  afl?: string;
  hbn?: string;
  hfl?: string;
  ibi?: string;
  ifl?: string;
  ofl?: string;
  st?: string;
  sd?: string;
  si?: string;
  utm: Partial<Record<UtmKey, string>>;
}

/** A long link's query, or null when it has no `link`. Unknown names are ignored. */
export function readLongLink(query: Readonly<Record<string, unknown>>): LongLinkQuery | null {
  const text = (name: string) => (typeof query[name] === 'string' && (query[name] as string).length ? (query[name] as string) : undefined);
  const link = text('link');
  if (!link) return null;
  const utm: Partial<Record<UtmKey, string>> = {};
  for (const key of UTM_KEYS) {
    const v = text(`utm_${key}`);
    if (v) utm[key] = v.slice(0, 200);
  }
  const amv = text('amv');
  const out: LongLinkQuery = { link, utm };
  for (const name of ['apn', 'afl', 'hbn', 'hfl', 'ibi', 'ifl', 'ofl', 'st', 'sd', 'si'] as const) {
    const v = text(name);
    if (v !== undefined) out[name] = v;
  }
  if (amv && /^\d{1,10}$/.test(amv)) out.amv = Number(amv);
  return out;
}

/** Adds the link's UTM parameters to an address (kept where the address names them itself). */
export function withUtm(url: string, utm: Partial<Record<UtmKey, string>>): string {
  const entries = UTM_KEYS.filter((k) => utm[k]);
  if (!entries.length) return url;
  const parsed = new URL(url);
  for (const k of entries) if (!parsed.searchParams.has(`utm_${k}`)) parsed.searchParams.set(`utm_${k}`, utm[k]!);
  return parsed.toString();
}

export const LINK_PLATFORMS = ['android', 'harmony', 'ios', 'desktop', 'crawler'] as const;
export type LinkPlatform = (typeof LINK_PLATFORMS)[number];

export type LinkDestination =
  | { kind: 'store'; appId: string }
  | { kind: 'url'; url: string }
  | { kind: 'preview' };

/**
 * Where a click goes. A request reaching the link host from a phone means the app did not
 * take the link (not installed, or too old to have verified it): its store page, where the
 * deferred deep link waits for the first open; else the platform's fallback; else the
 * deep link itself. Crawlers get the preview page with the social tags.
 */
export function chooseDestination(link: LinkTargets, platform: LinkPlatform): LinkDestination {
  const url = (u: string | null | undefined): LinkDestination => ({ kind: 'url', url: withUtm(u ?? link.deepLink, link.utm) });
  switch (platform) {
    case 'crawler':
      return { kind: 'preview' };
    case 'android':
      return link.androidAppId ? { kind: 'store', appId: link.androidAppId } : url(link.androidFallbackUrl);
    case 'harmony':
      if (link.harmonyAppId) return { kind: 'store', appId: link.harmonyAppId };
      if (link.harmonyFallbackUrl) return url(link.harmonyFallbackUrl);
      return link.androidAppId ? { kind: 'store', appId: link.androidAppId } : url(link.androidFallbackUrl);
    case 'ios':
      if (link.iosFallbackUrl) return url(link.iosFallbackUrl);
      return link.iosAppStoreId ? { kind: 'url', url: `https://apps.apple.com/app/id${link.iosAppStoreId}` } : url(null);
    default:
      return url(link.desktopUrl);
  }
}

/** Every address a link holds, for the allow-list check. */
export function linkAddresses(link: Pick<LinkTargets, 'deepLink' | 'androidFallbackUrl' | 'harmonyFallbackUrl' | 'iosFallbackUrl' | 'desktopUrl'>): string[] {
  return [link.deepLink, link.androidFallbackUrl, link.harmonyFallbackUrl, link.iosFallbackUrl, link.desktopUrl].filter((u): u is string => !!u);
}
