/** What the hash part of the address says about the page. */
export interface RouteMode {
  /** The hash starts with #/app/: the console runs embedded in an app frame. */
  embeddedApp: boolean;
  /** The hash contains #/app/openTest: no credentials, no CSRF or team headers. */
  openTest: boolean;
  /** The hash contains #/demoProject: the demo project view. */
  demoProject: boolean;
  /** The last path segment of the hash, without its query string ('' when there is none). */
  pageId: string;
}

/**
 * Reads the route hints of a location hash. The page id ignores trailing slashes
 * ('#/app/list/' is 'list'); a hash without a segment ('', '#', '#/', '#/?a=1') has ''.
 */
export function routeModeOfHash(hash: string | null | undefined): RouteMode {
  const text = typeof hash === 'string' ? hash : '';
  const route = text.replace(/^#/, '').split('?')[0] ?? '';
  const segments = route.split('/').filter((segment) => segment !== '');
  return {
    embeddedApp: text.startsWith('#/app/'),
    openTest: text.includes('#/app/openTest'),
    demoProject: text.includes('#/demoProject'),
    pageId: segments.at(-1) ?? '',
  };
}

// decodeURIComponent throws on a lone '%'; the raw text is the best answer then.
function decodeQueryPart(part: string): string {
  const spaced = part.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * The appId query parameter. Takes `location.search` with or without its leading '?';
 * when the text holds a '?', only what follows it is read, so a hash with a query
 * ('#/app/x?appId=1') or a whole address works too. The first appId wins; an empty or
 * missing one is null. URLSearchParams is not used because the library sees no DOM types.
 */
export function appIdOfSearch(search: string | null | undefined): string | null {
  if (typeof search !== 'string') return null;
  const question = search.indexOf('?');
  const query = (question >= 0 ? search.slice(question + 1) : search).split('#')[0] ?? '';
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    const name = decodeQueryPart(equals >= 0 ? pair.slice(0, equals) : pair);
    if (name !== 'appId') continue;
    const value = equals >= 0 ? decodeQueryPart(pair.slice(equals + 1)) : '';
    return value === '' ? null : value;
  }
  return null;
}

/** Embedded quick-app and CIS pages manage their own session: they skip the refresh check. */
export function skipsSessionRefresh(href: string | null | undefined): boolean {
  return typeof href === 'string' && (href.includes('hap/#/app') || href.includes('cis/#/app'));
}
