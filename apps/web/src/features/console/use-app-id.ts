import { useLocation, useParams } from 'react-router';
import { appIdOfSearch } from '@wharf/rules';

/** The appId of embedded mode: from the page's query string, else the hash's. */
export function embeddedAppId(pageSearch: string, hashSearch: string): string | null {
  return appIdOfSearch(pageSearch) ?? appIdOfSearch(hashSearch);
}

/**
 * The app a page shows: the route's `:appId` in the console (`/apps/:appId/...`), the
 * address's `appId` query in embedded app mode (`#/app/<page>?appId=...`).
 */
export function useRouteAppId(): string {
  const { appId } = useParams();
  const location = useLocation();
  return appId ?? embeddedAppId(window.location.search, location.search) ?? '';
}
