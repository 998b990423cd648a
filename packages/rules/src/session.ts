import { ACCOUNT_STATUS_FORCE_RELOGIN, LOGIN_STATE_MAX, SESSION_RELOAD_AFTER_MS } from './constants';
import { toFiniteNumber } from './numeric';

type Id = string | number | null | undefined;

const idText = (id: Id): string => (id === null || id === undefined ? '' : String(id).trim());

/**
 * The team leader test: a user is the leader when there is no user id, or the user id
 * equals the team id, or else equals the main user id. Ids are compared as text, so 42
 * and '42' match; a missing team or main user id never matches.
 */
export function isTeamLeader(ids: { userId?: Id; teamId?: Id; mainUserId?: Id } | null | undefined): boolean {
  const userId = idText(ids?.userId);
  if (userId === '') return true;
  return userId === idText(ids?.teamId) || userId === idText(ids?.mainUserId);
}

/**
 * The user type that applies in the team: the team user type, or the personal one when
 * the team's is 0 or missing. Both may be numbers or decimal strings (cookie values).
 * When neither is known the answer is 0.
 */
export function effectiveTeamUserType(teamUserType: unknown, userType: unknown): number {
  const team = toFiniteNumber(teamUserType);
  if (team !== null && team !== 0) return team;
  return toFiniteNumber(userType) ?? 0;
}

/** The parts of the agc_developer_userinfo cookie the session rules read. */
export interface DeveloperUserInfo {
  siteid?: number | string | null;
  mainUserId?: number | string | null;
  csrftoken?: string | null;
  /** Nominal expiry, ms since the epoch; after it the token is refreshed. */
  expiretime?: number | string | null;
  /** Real expiry, ms since the epoch; after it the session is gone. */
  expiretime_real?: number | string | null;
}

export type SessionStatus = 'anonymous' | 'valid' | 'refresh' | 'expired';

const timeOf = (value: unknown): number | null => (value instanceof Date ? toFiniteNumber(value.getTime()) : toFiniteNumber(value));

/**
 * The state of a session at `now`: no user info (null, undefined or '') is anonymous;
 * before `expiretime` valid; from `expiretime` (included) until `expiretime_real`
 * (excluded) refresh; after that expired. The info may be the object or the cookie's JSON
 * text. Anything malformed (unparsable text, a non-object, either time missing or not a
 * number, an invalid `now`) is expired: there is a cookie, but it proves no session.
 */
export function sessionStatus(userInfo: DeveloperUserInfo | string | null | undefined, now: number | Date = Date.now()): SessionStatus {
  if (userInfo === null || userInfo === undefined || userInfo === '') return 'anonymous';
  let info: unknown = userInfo;
  if (typeof userInfo === 'string') {
    try {
      info = JSON.parse(userInfo);
    } catch {
      return 'expired';
    }
  }
  if (info === null || typeof info !== 'object') return 'expired';
  const { expiretime, expiretime_real } = info as DeveloperUserInfo;
  const nominal = toFiniteNumber(expiretime);
  const real = toFiniteNumber(expiretime_real);
  const at = timeOf(now);
  if (nominal === null || real === null || at === null) return 'expired';
  if (at < nominal) return 'valid';
  if (at < real) return 'refresh';
  return 'expired';
}

/**
 * Whether the page should reload because its session is old: true when more than
 * SESSION_RELOAD_AFTER_MS (6 hours) have passed since the first request; exactly 6 hours
 * is not more. Without a usable first-request time there is nothing to measure: false.
 */
export function shouldReloadSession(firstRequestAt: number | Date | null | undefined, now: number | Date = Date.now()): boolean {
  const first = timeOf(firstRequestAt);
  const at = timeOf(now);
  if (first === null || at === null) return false;
  return at - first > SESSION_RELOAD_AFTER_MS;
}

/**
 * A random login state value, a whole number with 0 <= n < LOGIN_STATE_MAX. `random` is
 * injectable for tests and must behave like Math.random; out-of-range or NaN answers are
 * clamped into range rather than trusted.
 */
export function newLoginState(random: () => number = Math.random): number {
  const r = random();
  if (!(r > 0)) return 0;
  return Math.min(Math.floor(r * LOGIN_STATE_MAX), LOGIN_STATE_MAX - 1);
}

/** A signed-in user of the new login mode with this account status must sign in again. */
export function mustSignInAgain(accountStatus: unknown): boolean {
  return toFiniteNumber(accountStatus) === ACCOUNT_STATUS_FORCE_RELOGIN;
}
