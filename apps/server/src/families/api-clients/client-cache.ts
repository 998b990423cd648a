import { createPublicKey, type KeyObject } from 'node:crypto';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import { apiClientsRepo, type ApiClientRow } from './repo';

async function grantedAppIds(db: DbOrTx, clientRowId: string): Promise<string[] | null> {
  const granted = await apiClientsRepo.grants(db, clientRowId);
  return granted.length ? granted.map((g) => g.appId) : null;
}

/** Instances drop a client they kept when it changes (channel of the pub/sub port). */
export const API_CLIENT_CHANGED = 'api-clients.client-changed';
const MAX_ENTRIES = 10_000;

export interface KnownClient {
  row: ApiClientRow;
  /** Checks of the current secret and of the one before a rotation (while still accepted). */
  secret: ((candidate: string) => boolean) | null;
  previousSecret: ((candidate: string) => boolean) | null;
  /** The apps it is limited to (grant records); null when it reaches every app. */
  appIds: readonly string[] | null;
}

export interface KnownKey {
  keyId: string;
  clientRowId: string;
  publicKey: KeyObject;
}

/**
 * Clients and service-account keys as this instance last read them, so checking a token
 * or a secret costs no database read; kept for `SESSION_CACHE_TTL_MS` as console sessions
 * are. A change (revocation, rotation, a new role) makes every instance forget the client
 * once it commits, this one at once; a read that overlapped a change keeps nothing.
 */
export class ClientCache {
  readonly #clients = new Map<string, { value: KnownClient; until: number }>();
  readonly #keys = new Map<string, { value: KnownKey; until: number }>();
  #generation = 0;

  constructor(private readonly deps: Pick<Deps, 'clock' | 'pubsub' | 'config' | 'secrets' | 'db'>) {
    deps.pubsub.subscribe(API_CLIENT_CHANGED, () => this.forgetHere());
  }

  async client(clientId: string): Promise<KnownClient | undefined> {
    const now = this.deps.clock.now().getTime();
    const kept = this.#clients.get(clientId);
    if (kept && kept.until > now) return kept.value;
    const generation = this.#generation;
    const { db, secrets } = this.deps;
    const row = await apiClientsRepo.byClientId(db, clientId);
    if (!row) return undefined;
    const value: KnownClient = {
      row,
      secret: row.secretId ? await secrets.verifier(db, row.secretId) : null,
      previousSecret: row.previousSecretId ? await secrets.verifier(db, row.previousSecretId) : null,
      appIds: await grantedAppIds(db, row.id),
    };
    this.#keep(this.#clients, clientId, value, now, generation);
    return value;
  }

  async key(keyId: string): Promise<KnownKey | undefined> {
    const now = this.deps.clock.now().getTime();
    const kept = this.#keys.get(keyId);
    if (kept && kept.until > now) return kept.value;
    const generation = this.#generation;
    const row = await apiClientsRepo.keyById(this.deps.db, keyId);
    if (!row) return undefined;
    const value: KnownKey = { keyId, clientRowId: row.clientRowId, publicKey: createPublicKey(row.publicKey) };
    this.#keep(this.#keys, keyId, value, now, generation);
    return value;
  }

  #keep<T>(map: Map<string, { value: T; until: number }>, key: string, value: T, now: number, generation: number): void {
    const ttl = this.deps.config.sessionCacheTtlMs;
    if (ttl <= 0 || generation !== this.#generation) return;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, { value, until: now + ttl });
  }

  /** In the change's transaction: this instance forgets now, every instance once it commits. */
  async changed(tx: DbOrTx, clientId: string): Promise<void> {
    this.forgetHere();
    await this.deps.pubsub.publishIn(tx, API_CLIENT_CHANGED, { clientId });
  }

  /** Clients change rarely: everything goes, keys included, rather than finding a client's keys. */
  forgetHere(): void {
    this.#generation += 1;
    this.#clients.clear();
    this.#keys.clear();
  }
}
