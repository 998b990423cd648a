import type { Language } from './language';

/** A site variant; its code is also the language it opens in by default. */
export type Site = Language;

/** The analytics reporting region selected by AppGallery-style paths. */
export type ReportingRegion = 'europe' | 'russia';

/**
 * The site variant of a path: `/en/` English, `/ru/` Russian, anything else Chinese (the
 * Chinese site is served at the root). The segment must be closed by a slash, so `/en` or
 * `/english/` stay Chinese; servers redirect `/en` to `/en/`. When a path holds both, the
 * English test wins, in the order the specification lists them.
 */
export function siteOfPath(path: string | null | undefined): Site {
  if (typeof path !== 'string') return 'cn';
  if (path.includes('/en/')) return 'en';
  if (path.includes('/ru/')) return 'ru';
  return 'cn';
}

/** The reporting region of an AppGallery-style path, or null when it selects none. */
export function reportingRegionOfPath(path: string | null | undefined): ReportingRegion | null {
  if (typeof path !== 'string') return null;
  if (path.includes('consumer/en/service/josp/agc')) return 'europe';
  if (path.includes('consumer/ru/service/josp/agc')) return 'russia';
  return null;
}

/**
 * The console's entry points: the site variants (the path decides the site),
 * AppGallery-Connect-style addresses (which also set the reporting region) and the
 * embedded entries. Any other page address is not the console's: a browser is shown the
 * console's "not found" page there, in the path's site language.
 */
export const ENTRY_PATHS: readonly string[] = [
  '/',
  '/en/',
  '/ru/',
  ...['cn', 'en', 'ru'].map((site) => `/consumer/${site}/service/josp/agc/index.html`),
  '/hap/',
  '/cis/',
];

export function isEntryPath(pathname: string): boolean {
  return ENTRY_PATHS.includes(pathname) || pathname === '/index.html';
}

/** Where "back to the console" leads from an address on a site: that site's root. */
export function siteRootOf(pathname: string): string {
  const site = siteOfPath(pathname.endsWith('/') ? pathname : `${pathname}/`);
  return site === 'cn' ? '/' : `/${site}/`;
}

/** The API reference as each site links it (`/docs`, `/en/docs`, `/ru/docs`: one page). */
export const apiReferencePath = (pathname: string) => `${siteRootOf(pathname)}docs`;
