import type { WharfClient } from '@wharf/client';
import { commitPath, pathOf } from './calls';
import { listenTo } from './live';
import { CloudZone, type ZoneTransport } from './zone';

/**
 * A project's Cloud DB from a device: calls go as the signed-in app user when there is one
 * (the rights of Authenticated and Creator apply), with the app's key alone otherwise (World).
 */
export class CloudDB {
  readonly #io: ZoneTransport;

  constructor(private readonly wharf: WharfClient) {
    const send = <T>(path: string, body: unknown, idempotent: boolean) => {
      const call = { method: 'POST' as const, path, body, idempotent };
      return this.wharf.auth.currentUser ? this.wharf.requestAsUser<T>(call) : this.wharf.request<T>(call);
    };
    this.#io = {
      call: (op, zone, type, body) => send(pathOf(op, zone, type), body, true),
      // Not resent on a lost answer: the commit may have happened.
      commit: (zone, body) => send(commitPath(zone), body, false),
      listen: (zone, type, spec, onSnapshot, onError) => listenTo(this.wharf, pathOf('listen', zone, type), spec, onSnapshot, onError),
    };
  }

  /** A zone of the project, by the name given in the console. */
  zone(name: string): CloudZone {
    return new CloudZone(this.#io, name);
  }
}

/** Cloud DB on this client (one per client). */
export function getCloudDB(wharf: WharfClient): CloudDB {
  return new CloudDB(wharf);
}
