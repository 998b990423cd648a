import { HEADERS, type ClientConfig, type Endpoint } from '@wharf/contract';
import { intlLocaleOf, languageHeaderOf, routeModeOfHash, type Language } from '@wharf/rules';
import { csrfToken, currentTeamId, currentTeamSiteId, currentUserType } from '../session/session';
import { getSessionValue, readProductRegion } from '../session/store';
import { baseUrlForCall, callKindOf } from './routing';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Where a call goes and the headers it carries: the language, and outside the open-test
 * frame the current team and (for writes) the CSRF token; the base URL by the zone rules.
 */
export function callTarget(
  endpoint: Endpoint,
  o: { config: ClientConfig | null; language: Language; hash: string; body?: unknown; baseURL?: string | undefined; dev: boolean },
): { headers: Record<string, string>; baseURL: string; openTest: boolean } {
  const openTest = routeModeOfHash(o.hash).openTest;
  // The header is the specification's (zh or en); Accept-Language tells the Russian site's
  // refusals to come in Russian.
  const headers: Record<string, string> = { [HEADERS.language]: languageHeaderOf(o.language), 'Accept-Language': intlLocaleOf(o.language) };
  if (!openTest) {
    const teamId = currentTeamId();
    if (teamId) headers[o.config?.teamIdHeaderName || HEADERS.teamId] = teamId;
    const csrf = csrfToken();
    if (csrf && !SAFE_METHODS.has(endpoint.method)) headers[o.config?.csrfHeaderName || HEADERS.csrfDefault] = csrf;
  }
  const body = o.body;
  // File bytes (uploads) go as they are.
  if (typeof Blob !== 'undefined' && body instanceof Blob) headers['Content-Type'] = 'application/octet-stream';
  const baseURL =
    o.baseURL ??
    baseUrlForCall({
      kind: callKindOf(endpoint.fullPath),
      config: o.config,
      teamSiteId: currentTeamSiteId(),
      productZone: readProductRegion(),
      userSiteId: getSessionValue('upSiteId'),
      userType: currentUserType(),
      apiName: typeof body === 'object' && body !== null && 'apiName' in body ? String((body as { apiName: unknown }).apiName) : null,
      dev: o.dev,
    });
  return { headers, baseURL, openTest };
}
