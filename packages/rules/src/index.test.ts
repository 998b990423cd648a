// The package root is the contract with the server and the web app: these names must stay.
import { describe, expect, it } from 'vitest';
import * as rules from './index';
import type { ContentRating, Language, Site, Zone } from './index';

describe('@wharf/rules root', () => {
  it('exports every rule under its agreed name', () => {
    const functions = [
      'siteOfPath', 'reportingRegionOfPath', 'zoneOfSite', 'siteIdOfZone', 'languageOfZone', 'languageHeaderOf',
      'resolveLanguage', 'countryIdToCForm', 'countryCodeOfSiteId', 'siteIdOfCountryCode', 'routeModeOfHash',
      'appIdOfSearch', 'skipsSessionRefresh', 'isOpenableLink', 'escapeSpreadsheetCell', 'escapeCsvValue',
      'escapeHtml', 'detectEmoji', 'hasPermission', 'isSuccessStatus', 'withBizTag', 'isTeamLeader',
      'effectiveTeamUserType', 'sessionStatus', 'shouldReloadSession', 'newLoginState', 'formatFileSize',
      'formatDate', 'pluralForm', 'intlLocaleOf', 'formatNumber',
    ];
    for (const name of functions) expect(typeof (rules as Record<string, unknown>)[name], name).toBe('function');
  });

  it('exports the constants and catalogues', () => {
    const values = [
      'ZONES', 'SUPPORTED_LANGUAGES', 'USER_INFO_COOKIE_MAX_AGE_MS', 'SESSION_RELOAD_AFTER_MS', 'LOGOUT_SUPPRESS_MS',
      'LOGIN_STATE_MAX', 'STREAM_CHUNK_BYTES', 'EMOJI_SAMPLE_LIMIT', 'EMOJI_SAMPLE_THRESHOLD', 'COUNTRY_ID_OFFSET',
      'ACCOUNT_STATUS_FORCE_RELOGIN', 'RISK_CONTROL_CODE', 'LOGIN_DEFAULTS', 'ZONE_SITE_IDS', 'SERVICE_CATEGORIES',
      'LANGUAGES', 'COUNTRIES', 'REGIONS', 'DEVICE_OSES',
    ];
    for (const name of values) expect((rules as Record<string, unknown>)[name], name).toBeDefined();
  });

  it('exports the types Site, Zone, Language and ContentRating', () => {
    const site: Site = rules.siteOfPath('/ru/');
    const zone: Zone = rules.zoneOfSite(7);
    const language: Language = rules.languageOfZone(zone);
    const rating: ContentRating | undefined = rules.COUNTRIES.find((c) => c.id === 'AU')?.contentRating;
    expect([site, zone, language, rating]).toEqual(['ru', 'europe', 'en', 'ACB']);
  });
});
