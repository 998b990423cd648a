import { useSyncExternalStore } from 'react';

/**
 * The session lives in cookies and storage, which React does not watch. Whatever changes
 * it (sign-in, sign-up, team switch, sign-out, a forced sign-in) says so here, and the
 * components that read it render again: team-scoped queries then pick up the new team.
 */
let version = 0;
const listeners = new Set<() => void>();

export function notifySessionChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number that changes whenever the session does. */
export function useSessionVersion(): number {
  return useSyncExternalStore(subscribe, () => version, () => version);
}

let signingOut = false;

/**
 * While the user signs out, guarded pages do not ask to come back after the next sign-in
 * (the sign-out goes to a plain sign-in page).
 */
export function setSigningOut(value: boolean): void {
  signingOut = value;
}

export function isSigningOut(): boolean {
  return signingOut;
}
