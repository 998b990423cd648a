import { afterEach, describe, expect, it } from 'vitest';
import { clearSessionCookies, setSessionCookies } from '../test/session';
import {
  LOGIN_STATE_KEY,
  beginLoginState,
  clearLoginState,
  csrfToken,
  currentSessionStatus,
  currentTeamId,
  currentTeamSiteId,
  currentUserType,
  developerUserInfo,
  forgetSession,
  isGrey,
  isSignedIn,
  pendingLoginState,
} from './session';
import { getSessionValue, setSessionValue } from './store';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;

afterEach(() => {
  clearSessionCookies();
  sessionStorage.clear();
});

describe('session state', () => {
  it('is anonymous without cookies', () => {
    expect(currentSessionStatus(NOW)).toBe('anonymous');
    expect(isSignedIn(NOW)).toBe(false);
  });

  it('is valid before the nominal expiry, refresh until the real one, then expired', () => {
    setSessionCookies({ expiretime: NOW + HOUR, expiretime_real: NOW + 12 * HOUR });
    expect(currentSessionStatus(NOW)).toBe('valid');
    expect(currentSessionStatus(NOW + HOUR)).toBe('refresh');
    expect(currentSessionStatus(NOW + 12 * HOUR - 1)).toBe('refresh');
    expect(currentSessionStatus(NOW + 12 * HOUR)).toBe('expired');
    expect(isSignedIn(NOW + 2 * HOUR)).toBe(true);
    expect(isSignedIn(NOW + 13 * HOUR)).toBe(false);
  });

  it('can still be refreshed when the one-hour user-info cookie is gone but the session cookies remain', () => {
    setSessionCookies();
    document.cookie = 'agc_developer_userinfo=; path=/; max-age=0';
    expect(currentSessionStatus(NOW)).toBe('refresh');
  });

  it('treats a malformed user-info cookie as proving no session', () => {
    document.cookie = 'agc_developer_userinfo=%7Bbroken; path=/';
    expect(developerUserInfo()).toBeNull();
    expect(currentSessionStatus(NOW)).toBe('expired');
  });
});

describe('cookie fallbacks', () => {
  it('takes the CSRF token from its cookie, else from the user info', () => {
    setSessionCookies({ csrf: 'from-cookie' });
    expect(csrfToken()).toBe('from-cookie');
    document.cookie = 'agc_csrfToken=; path=/; max-age=0';
    expect(csrfToken()).toBe('from-cookie'); // the user info carries the same token
    clearSessionCookies();
    expect(csrfToken()).toBe('');
  });

  it('takes the team from agc_team_id, else x-teamId, else the session data', () => {
    setSessionValue('agc_team_id', 'stored');
    expect(currentTeamId()).toBe('stored');
    document.cookie = 'x-teamId=from-x; path=/';
    expect(currentTeamId()).toBe('from-x');
    document.cookie = 'agc_team_id=from-agc; path=/';
    expect(currentTeamId()).toBe('from-agc');
  });

  it("takes the team's site from its cookie, else the session data, else the user info", () => {
    setSessionCookies({ siteId: 8 });
    expect(currentTeamSiteId()).toBe('8');
    document.cookie = 'agc_team_siteId=; path=/; max-age=0';
    setSessionValue('agc_team_siteId', '5');
    expect(currentTeamSiteId()).toBe('5');
    sessionStorage.clear();
    expect(currentTeamSiteId()).toBe('8');
    clearSessionCookies();
    expect(currentTeamSiteId()).toBeNull();
  });

  it('reads the canary flag and the effective user type', () => {
    expect(isGrey()).toBe(false);
    document.cookie = 'x-hd-grey=1; path=/';
    expect(isGrey()).toBe(true);
    setSessionValue('agc_userType', 1);
    setSessionValue('agc_team_userType', 0);
    expect(currentUserType()).toBe(1);
    setSessionValue('agc_team_userType', 2);
    expect(currentUserType()).toBe(2);
  });

  it('forgets the readable session cookies and the session data', () => {
    setSessionCookies();
    setSessionValue('agc_uid', 'u');
    forgetSession();
    expect(developerUserInfo()).toBeNull();
    expect(csrfToken()).toBe('');
    expect(currentTeamId()).toBe('');
    expect(isSignedIn(NOW)).toBe(false);
    expect(getSessionValue('agc_uid')).toBeNull();
  });
});

describe('login state', () => {
  it('remembers a random state below 10,000,000 until cleared', () => {
    const state = beginLoginState(() => 0.1234567);
    expect(state).toBe(1_234_567);
    expect(sessionStorage.getItem(LOGIN_STATE_KEY)).toBe('1234567');
    expect(pendingLoginState()).toBe(1_234_567);
    clearLoginState();
    expect(pendingLoginState()).toBeNull();
    expect(beginLoginState(() => 0.99999999)).toBe(9_999_999);
  });
});
