import {
  effectiveTeamUserType,
  newLoginState,
  sessionStatus,
  type DeveloperUserInfo,
  type SessionStatus,
} from '@wharf/rules';
import { notifySessionChanged } from './changes';
import { readCookie, readJsonCookie, removeCookie } from './cookies';
import { numberOf } from './numbers';
import { clearSessionData, getSessionValue } from './store';

/** The readable cookies of the specification (the session token itself is HttpOnly). */
export const COOKIES = {
  userInfo: 'agc_developer_userinfo',
  teamId: 'agc_team_id',
  teamSiteId: 'agc_team_siteId',
  csrfToken: 'agc_csrfToken',
  xTeamId: 'x-teamId',
  grey: 'x-hd-grey',
} as const;

/** The user-info cookie as an object, or null when missing or not an object. */
export function developerUserInfo(): DeveloperUserInfo | null {
  const value = readJsonCookie(COOKIES.userInfo);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as DeveloperUserInfo) : null;
}

/**
 * The session's state at `now` (valid, refresh, expired, anonymous). The user-info cookie
 * decides. It lives one hour, as long as the nominal expiry, so once it is gone while the
 * session's other cookies (which live until the real expiry) remain, the session can
 * still be refreshed: that is `refresh` too.
 */
export function currentSessionStatus(now: number): SessionStatus {
  const raw = readCookie(COOKIES.userInfo);
  if (raw !== null && raw !== '') return sessionStatus(raw, now);
  return readCookie(COOKIES.csrfToken) ? 'refresh' : 'anonymous';
}

/** Signed in: a session that is valid or can be refreshed. */
export function isSignedIn(now: number = Date.now()): boolean {
  const status = currentSessionStatus(now);
  return status === 'valid' || status === 'refresh';
}

/** The CSRF token: its cookie, else the user-info cookie's copy, else ''. */
export function csrfToken(): string {
  const cookie = readCookie(COOKIES.csrfToken);
  if (cookie) return cookie;
  const token = developerUserInfo()?.csrftoken;
  return typeof token === 'string' ? token : '';
}

/** The current team: agc_team_id, else x-teamId, else the session data; '' when none. */
export function currentTeamId(): string {
  return readCookie(COOKIES.teamId) || readCookie(COOKIES.xTeamId) || getSessionValue('agc_team_id') || '';
}

/** The team's zone site id: agc_team_siteId, else the session data, else the user info's. */
export function currentTeamSiteId(): string | null {
  const cookie = readCookie(COOKIES.teamSiteId);
  if (cookie) return cookie;
  const stored = getSessionValue('agc_team_siteId');
  if (stored) return stored;
  const siteid = numberOf(developerUserInfo()?.siteid);
  return siteid === null ? null : String(siteid);
}

/** Whether the server put this user in the canary share (behaviour reports carry it). */
export function isGrey(): boolean {
  return readCookie(COOKIES.grey) === '1';
}

/** The user type that applies in the current team (team type, else the personal one). */
export function currentUserType(): number {
  return effectiveTeamUserType(getSessionValue('agc_team_userType'), getSessionValue('agc_userType'));
}

/**
 * Forgets the session on this side: the readable session cookies (the user-info cookie
 * first of all) and the tab's session data. The HttpOnly session cookie stays until the
 * next sign-in replaces it; without the readable ones the page counts as signed out.
 */
export function forgetSession(): void {
  for (const name of Object.values(COOKIES)) removeCookie(name);
  clearSessionData();
  notifySessionChanged();
}

// ---- the sign-in redirect's login state ----

/** sessionStorage key of the login state the sign-in redirect carries. */
export const LOGIN_STATE_KEY = 'agc_login_state';

/** A fresh random login state, remembered for the return from sign-in. */
export function beginLoginState(random: () => number = Math.random): number {
  const state = newLoginState(random);
  try {
    window.sessionStorage.setItem(LOGIN_STATE_KEY, String(state));
  } catch {
    // without storage the return cannot be checked and goes home
  }
  return state;
}

/** The remembered login state (kept until the sign-in returns), or null. */
export function pendingLoginState(): number | null {
  try {
    const raw = window.sessionStorage.getItem(LOGIN_STATE_KEY);
    return raw === null ? null : numberOf(raw);
  } catch {
    return null;
  }
}

export function clearLoginState(): void {
  try {
    window.sessionStorage.removeItem(LOGIN_STATE_KEY);
  } catch {
    // nothing kept
  }
}
