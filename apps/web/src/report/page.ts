import { reportApi } from '@wharf/contract';
import type { RequestClient } from '../request/client';
import { currentLanguage } from '../session/language';
import { numberOf } from '../session/numbers';
import { currentTeamId, currentTeamSiteId, currentUserType, isGrey, isSignedIn } from '../session/session';
import { getSessionValue, readLocalSetting } from '../session/store';
import { BehaviourReporter, reportTarget, reportsEnabled, type BehaviourEvent, type ReportContext } from './behaviour';
import type { ClueDeps } from './clues';

/** The page's wiring of behaviour and clue reports to the session and the request layer. */

const DEVICE_ID_KEY = 'agc_did';

/** An anonymous id of this browser (DID), kept in localStorage. */
export function deviceId(): string {
  try {
    const stored = window.localStorage.getItem(DEVICE_ID_KEY);
    if (stored) return stored;
    const id = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    window.localStorage.setItem(DEVICE_ID_KEY, id);
    return id;
  } catch {
    return 'unknown';
  }
}

/** The external channel the page was opened from (`sourceChannel` in the query or hash query). */
export function sourceChannelOf(location: { search: string; hash: string }): string | null {
  const fromSearch = new URLSearchParams(location.search).get('sourceChannel');
  if (fromSearch) return fromSearch;
  const question = location.hash.indexOf('?');
  return question >= 0 ? new URLSearchParams(location.hash.slice(question + 1)).get('sourceChannel') : null;
}

export function pageContext(): ReportContext {
  const app = getSessionValue('appInfo');
  const product = getSessionValue('productInfo') ?? getSessionValue('projectInfo');
  const signedIn = isSignedIn();
  return {
    language: currentLanguage(),
    deviceId: deviceId(),
    productId: getSessionValue('currentProductId') ?? product?.productID ?? null,
    appId: app?.appID ?? null,
    childType: numberOf(app?.childType),
    userType: signedIn ? currentUserType() : null,
    countryId: (signedIn ? getSessionValue('agc_team_countryCode') : null) ?? getSessionValue('agc_country'),
    teamId: (signedIn && currentTeamId()) || null,
    sourceChannel: sourceChannelOf(window.location),
    referrer: document.referrer,
    grey: isGrey(),
    url: window.location.href,
  };
}

/** Sends a batch to an analytics URL: a beacon when leaving or possible, else fetch. */
export async function sendToUrl(url: string, events: BehaviourEvent[], leaving: boolean): Promise<void> {
  const body = JSON.stringify({ events });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
  if (leaving) return;
  await fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, credentials: 'omit', keepalive: true });
}

export function createPageReporter(client: RequestClient): BehaviourReporter {
  return new BehaviourReporter({
    enabled: () => {
      const ignoreHa = getSessionValue('agc_ignoreHa');
      const closeHa = readLocalSetting('closeHa');
      if (!client.config) return ignoreHa === '1' || closeHa === 'Y' ? false : null;
      return reportsEnabled({ config: client.config, ignoreHa, closeHa });
    },
    target: () =>
      reportTarget({
        config: client.config,
        teamId: (isSignedIn() && currentTeamId()) || null,
        teamSiteId: currentTeamSiteId(),
        path: window.location.pathname,
      }),
    context: pageContext,
    send: async (target, events, leaving) => {
      if (target.kind === 'url') return sendToUrl(target.url, events, leaving);
      await client.request(reportApi.reportBehaviour, { body: { events }, silent: true });
    },
  });
}

/** Clicks on elements marked `data-report-click="<id>"` are reported. */
export function installClickReports(reporter: BehaviourReporter): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('[data-report-click]') : null;
    const id = target?.getAttribute('data-report-click');
    if (id) reporter.click(id);
  };
  const onLeave = () => void reporter.flush(true);
  document.addEventListener('click', onClick, true);
  window.addEventListener('pagehide', onLeave);
  return () => {
    document.removeEventListener('click', onClick, true);
    window.removeEventListener('pagehide', onLeave);
  };
}

export function clueDeps(client: RequestClient): ClueDeps {
  return {
    signedIn: () => isSignedIn(),
    country: () => (isSignedIn() ? getSessionValue('agc_team_countryCode') : getSessionValue('agc_country')),
    send: (variant, body) =>
      variant === 'team'
        ? client.request(reportApi.reportClueBehaviour, { body, silent: true })
        : client.request(reportApi.reportClueBehaviourAnonymous, { body: { ...body, DID: deviceId() }, silent: true }),
  };
}
