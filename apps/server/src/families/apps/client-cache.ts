import type { Deps } from '../../platform/deps';

/** Instances drop what they cached of a client when it changes (channel of the pub/sub port). */
export const APP_CLIENT_CHANGED = 'apps.client-changed';

/** Each instance's cache of clients (credentials.ts), by the instance's deps. */
export const forgetters = new WeakMap<Deps, (clientId: string) => void>();

/**
 * After a change to a client has committed: this instance forgets it at once, so the next
 * call here sees the change; the others hear of it by pub/sub (`publishIn`), within moments.
 */
export function forgetAppClientHere(deps: Deps, clientId: string): void {
  forgetters.get(deps)?.(clientId);
}
