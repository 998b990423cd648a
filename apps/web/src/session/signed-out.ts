import { routeModeOfHash } from '@wharf/rules';
import { clearSessionData } from './store';

/**
 * Pages that keep the tab's session data while nobody is signed in: the reseller
 * credential-authorisation and core-platform pages, which a service provider opens
 * from a link in the middle of a developer's flow.
 */
export const SESSION_KEEPING_PAGES: readonly string[] = ['/reseller/credential-authorization', '/reseller/core-platform'];

export function keepsSessionWhenSignedOut(hash: string): boolean {
  const route = (hash.replace(/^#/, '').split('?')[0] ?? '').replace(/\/+$/, '');
  return SESSION_KEEPING_PAGES.includes(route);
}

/**
 * On page load without a signed-in user, the tab's session facts (team, permissions,
 * app and project info) are left over from an old session: they are cleared, except on
 * the pages above. Saved choices (language, analytics opt-out) stay. Answers whether it cleared.
 */
export function clearLeftoverSession(hash: string, signedIn: boolean): boolean {
  if (signedIn || keepsSessionWhenSignedOut(hash) || routeModeOfHash(hash).embeddedApp) return false;
  clearSessionData();
  return true;
}
