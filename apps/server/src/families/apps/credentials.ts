import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { APP_CLIENT_HEADERS } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { ANONYMOUS, type Caller, type CredentialResolver } from '../../platform/http/access';
import { AppError } from '../../platform/http/errors';
import { APP_CLIENT_CHANGED, forgetters } from './client-cache';
import { appClientsRepo } from './client-repo';

/** What an instance keeps of a client between calls (dropped on change, and after a minute). */
interface Known {
  appId: string;
  teamId: string;
  projectId: string;
  keys: Array<{ digest: Buffer; until: Date | null }>;
  packageNames: ReadonlySet<string>;
  webOrigins: ReadonlySet<string>;
  loadedAt: number;
}

const TTL_MS = 60_000;

const MAX_KNOWN = 10_000;
const digest = (text: string) => createHash('sha256').update(text).digest();

function header(req: FastifyRequest, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' && v.length > 0 && v.length <= 256 ? v : null;
}

/**
 * The `app-client` access level: the client ID and API key of the app's configuration file.
 * A key restricted to package names or web origins admits a browser only from a listed
 * origin and an app only with a listed package name (`x-package-name`); unrestricted, any.
 */
export function appClientCredentials(deps: Deps): CredentialResolver {
  const known = new Map<string, Known>();
  // Calls that miss together share one load (after a change every device of the app misses at once).
  const loading = new Map<string, { generation: number; load: Promise<Known | null> }>();
  // Bumped by every change: a load that began before one does not keep what it read, nor is shared.
  let generation = 0;
  const forget = (clientId: string) => {
    generation += 1;
    known.delete(clientId);
  };
  forgetters.set(deps, forget);
  deps.pubsub.subscribe(APP_CLIENT_CHANGED, (payload) => {
    const clientId = (payload as { clientId?: unknown } | null)?.clientId;
    if (typeof clientId === 'string') forget(clientId);
  });

  async function load(clientId: string): Promise<Known | null> {
    const startedAt = generation;
    const row = await appClientsRepo.byClientId(deps.db, clientId);
    if (!row) return null;
    const keys = [{ digest: digest((await deps.secrets.reveal(deps.db, row.keySecretId)).reveal()), until: null as Date | null }];
    if (row.previousKeySecretId && row.previousKeyExpiresAt) {
      keys.push({ digest: digest((await deps.secrets.reveal(deps.db, row.previousKeySecretId)).reveal()), until: row.previousKeyExpiresAt });
    }
    const entry = { appId: row.appId, teamId: row.teamId, projectId: row.projectId, keys, packageNames: new Set(row.packageNames), webOrigins: new Set(row.webOrigins), loadedAt: Date.now() };
    if (generation !== startedAt) return entry;
    if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value!);
    known.set(clientId, entry);
    return entry;
  }

  function shared(clientId: string): Promise<Known | null> {
    const on = loading.get(clientId);
    if (on && on.generation === generation) return on.load;
    const started = load(clientId).finally(() => {
      if (loading.get(clientId)?.load === started) loading.delete(clientId);
    });
    loading.set(clientId, { generation, load: started });
    return started;
  }

  return async (req): Promise<Caller> => {
    const clientId = header(req, APP_CLIENT_HEADERS.clientId);
    const apiKey = header(req, APP_CLIENT_HEADERS.apiKey);
    if (!clientId || !apiKey) throw new AppError('appCredentialsInvalid');
    let entry = known.get(clientId);
    if (!entry || Date.now() - entry.loadedAt > TTL_MS) entry = (await shared(clientId)) ?? undefined;
    if (!entry) throw new AppError('appCredentialsInvalid');
    const now = deps.clock.now();
    const offered = digest(apiKey);
    // Every key is compared, so the time taken does not say which one matched.
    let matched = false;
    for (const key of entry.keys) if (timingSafeEqual(key.digest, offered) && (!key.until || key.until > now)) matched = true;
    if (!matched) throw new AppError('appCredentialsInvalid');
    if (entry.packageNames.size || entry.webOrigins.size) {
      const origin = header(req, 'origin');
      const packageName = header(req, APP_CLIENT_HEADERS.packageName);
      const allowed = origin ? entry.webOrigins.has(origin) : packageName !== null && entry.packageNames.has(packageName);
      if (!allowed) throw new AppError('appKeyRestricted');
    }
    return { ...ANONYMOUS, kind: 'app-client', appId: entry.appId, teamId: entry.teamId, projectId: entry.projectId, clientId };
  };
}
