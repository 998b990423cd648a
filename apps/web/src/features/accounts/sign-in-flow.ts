import { clearLoginState, pendingLoginState } from '../../session/session';

/**
 * Where the console goes after signing in. The requested route comes from the address
 * (`?redirect=`) and must be a route of this console. Sign-in sends it with the login
 * state; the server answers `redirectUri` with the state appended, which must be the one
 * this tab remembered: otherwise the answer is not ours and the console goes home.
 */

/** A route of this console ('/team/users?tab=roles'), or '/' for anything else. */
export function safeRoute(requested: string | null | undefined): string {
  if (typeof requested !== 'string' || !requested.startsWith('/') || requested.startsWith('//') || /[\\\s]/.test(requested)) return '/';
  if (requested.startsWith('/login')) return '/';
  return requested;
}

/** What sign-in sends as its redirect: the route as a hash of this console. */
export function redirectForServer(route: string): string {
  return `#${safeRoute(route)}`;
}

/**
 * Reads the server's redirectUri ('#/team/users?state=42'): the route, and whether its
 * state is the one remembered. The remembered state is used up either way.
 */
export function routeAfterSignIn(redirectUri: string): string {
  const expected = pendingLoginState();
  clearLoginState();
  const text = redirectUri.replace(/^\/?#/, '');
  const question = text.indexOf('?');
  const path = question >= 0 ? text.slice(0, question) : text;
  const query = new URLSearchParams(question >= 0 ? text.slice(question + 1) : '');
  const state = query.get('state');
  query.delete('state');
  if (expected === null || state === null || Number(state) !== expected) return '/';
  const rest = query.toString();
  return safeRoute(rest ? `${path}?${rest}` : path);
}
