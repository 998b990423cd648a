import { createHash, randomUUID } from 'node:crypto';
import { FUNCTION_LIMITS, LATEST, routeVersion } from '@wharf/rules';
import { RunnerPool, type HostOutcome, type RunnerHost, type RunnerInfo } from '@wharf/runner';
import type { Deps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/http/errors';
import { readEnv } from './env';
import type { InvocationJournal, Recorded } from './journal';
import { RunnerHosts } from './hosts';
import { cloudFunctionsRepo as repo, type AliasRow, type FunctionRow, type VersionRow } from './repo';
import { CHANGED_CHANNEL } from './changes';
import { WORDS } from './words';
import { readAll, readFunctionZip } from './zip';
import { readLayerZip } from './layer-files';
import { layersRepo } from './layers-repo';
import { LAYER_LIMITS } from '@wharf/rules';

/** A function as calls find it: its row, aliases and versions, read once and kept until it changes. */
export interface Resolved {
  fn: FunctionRow;
  /** `$latest`'s key: its code, settings, variables and last change. */
  latestKey: string;
  aliases: Map<string, AliasRow>;
  versions: Map<number, VersionRow>;
}

export type Ran = HostOutcome & { requestId: string; ran: string };

const CACHE_LIMIT = 10_000;
const short = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/**
 * Runs functions: finds what a qualifier (`$latest`, an alias, a version) runs for a request
 * id, makes its code known to the runner host, and calls it there.
 */
export class FunctionRuntime {
  #host: RunnerHost | null;
  #byName = new Map<string, Promise<Resolved | null>>();
  #names = new Map<string, string>();
  #keys = new Map<string, Set<string>>();
  #starting = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'secrets' | 'pubsub' | 'config' | 'log' | 'storage'>,
    host?: RunnerHost,
    /** Where calls are recorded (none for a runtime that only runs, as in the runtime's own tests). */
    readonly journal: InvocationJournal | null = null,
  ) {
    this.#host = host ?? null;
    deps.pubsub.subscribe(CHANGED_CHANNEL, (payload) => this.forget((payload as { functionId: string }).functionId));
  }

  /** Runner hosts elsewhere, or this machine's pool, started on the first call (tests that run no function start none). */
  get host(): RunnerHost {
    const { functions } = this.deps.config;
    const { log } = this.deps;
    if (functions.runners === 'remote') return (this.#host ??= new RunnerHosts(this.deps));
    this.#host ??= new RunnerPool({
      dir: functions.dir, maxRunners: functions.maxRunners, sparePerSize: functions.sparePerSize, idleMs: functions.idleMs, maxProcesses: 64,
      egress: functions.egress && { onRefused: (host, why) => log.info({ host, why }, 'a function was refused an outbound address') },
      onError: (e) => log.warn({ err: e }, 'a function runner did not start'),
    });
    return this.#host;
  }

  /** A function changed: later calls read it again; its `$latest` runners end. */
  forget(functionId: string): void {
    const name = this.#names.get(functionId);
    if (name) this.#byName.delete(name);
    this.#names.delete(functionId);
    for (const key of this.#keys.get(functionId) ?? []) if (key.includes('.l.')) void this.#host?.stop(key);
    this.#keys.delete(functionId);
  }

  async close(): Promise<void> {
    await this.#host?.close();
  }

  #resolve(projectId: string, name: string): Promise<Resolved | null> {
    const cacheKey = `${projectId}/${name}`;
    let found = this.#byName.get(cacheKey);
    if (!found) {
      if (this.#byName.size >= CACHE_LIMIT) this.#byName.clear();
      found = this.#load(projectId, name);
      this.#byName.set(cacheKey, found);
      // A name that is not there is not kept: the function may be created the next moment.
      found.then((r) => (r ? this.#names.set(r.fn.id, cacheKey) : this.#byName.delete(cacheKey)), () => this.#byName.delete(cacheKey));
    }
    return found;
  }

  async #load(projectId: string, name: string): Promise<Resolved | null> {
    const { db } = this.deps;
    const fn = await repo.byName(db, projectId, name);
    if (!fn) return null;
    const [aliases, versions] = await Promise.all([repo.aliases(db, fn.id), repo.versions(db, fn.id)]);
    const latestKey = `${fn.id}.l.${short([fn.codeSha256, fn.handler, fn.memoryMb, fn.timeoutSeconds, fn.concurrency, fn.envSecretId, JSON.stringify(fn.layers), fn.updatedAt.getTime()].join('|'))}`;
    return { fn, latestKey, aliases: new Map(aliases.map((a) => [a.name, a])), versions: new Map(versions.map((v) => [v.version, v])) };
  }

  /** A function by project and name, as calls find it (the HTTP trigger): null when there is none. */
  find(projectId: string, name: string): Promise<Resolved | null> {
    return this.#resolve(projectId, name);
  }

  /** Calls a function the console names by id (its test). */
  async callById(projectId: string, functionId: string, qualifier: string, event: unknown, requestId: string = randomUUID()): Promise<Ran> {
    const row = await repo.get(this.deps.db, projectId, functionId);
    if (!row) throw notFound(WORDS.noFunction);
    const found = await this.#resolve(projectId, row.name);
    const ran = found ? await this.call(found, qualifier, event, requestId, { trigger: 'test' }) : null;
    if (!ran) throw notFound(/^\d+$/.test(qualifier) ? WORDS.noVersion(qualifier) : WORDS.noAlias(qualifier));
    return ran;
  }

  /** Calls a function a trigger names by id (no project to check: the trigger's row is the function's). Null when it or the qualifier is gone. */
  async callForTrigger(functionId: string, qualifier: string, event: unknown, requestId: string, trigger: 'timer' | 'event'): Promise<Ran | null> {
    const row = await repo.byId(this.deps.db, functionId);
    const found = row ? await this.#resolve(row.projectId, row.name) : null;
    return found ? this.call(found, qualifier, event, requestId, { trigger }) : null;
  }

  /**
   * Holds `count` runners of what a qualifier runs warm (an alias: its main version): the key
   * held, or null when the function or qualifier is gone.
   */
  async holdWarm(functionId: string, qualifier: string, count: number): Promise<string | null> {
    const row = await repo.byId(this.deps.db, functionId);
    const r = row ? await this.#resolve(row.projectId, row.name) : null;
    if (!r) return null;
    const alias = r.aliases.get(qualifier);
    const number = alias ? alias.version : /^\d+$/.test(qualifier) ? Number(qualifier) : null;
    const version = number === null ? null : (r.versions.get(number) ?? null);
    if (qualifier !== LATEST && !version) return null;
    const key = version ? `${r.fn.id}.v${version.version}` : r.latestKey;
    if (!this.#keys.get(r.fn.id)?.has(key)) await this.#start(r.fn.id, key, version ?? r.fn);
    await this.host.keepWarm(key, count);
    return key;
  }

  /** Lets a held key's runners go (they end when idle for the idle time). */
  async letGo(key: string): Promise<void> {
    await this.#host?.keepWarm(key, 0);
  }

  /** The runners this server's host holds (none before any function ran here). */
  async runners(): Promise<RunnerInfo[]> {
    return this.#host ? this.#host.runners() : [];
  }

  /** Hands the host a key's code and variables, once however many calls found it unknown at once. */
  #start(functionId: string, key: string, settings: Pick<VersionRow, 'codeSha256' | 'envSecretId' | 'handler' | 'memoryMb' | 'timeoutSeconds' | 'concurrency' | 'layers'>): Promise<void> {
    let starting = this.#starting.get(key);
    if (!starting) {
      starting = (async () => {
        const code = await repo.code(this.deps.db, functionId, settings.codeSha256);
        const env = await readEnv(this.deps.secrets, this.deps.db, settings.envSecretId);
        // A zip was checked when it came; read again here, with the same limits.
        const own = code?.archiveKey ? (await readFunctionZip(await readAll(await this.deps.storage.get(code.archiveKey), FUNCTION_LIMITS.zipBytes))).files : (code?.files ?? {});
        await this.host.start({
          key, files: { ...(await this.#layerFiles(settings.layers)), ...own }, entry: code?.entry ?? 'index.js', handler: settings.handler, memoryMb: settings.memoryMb,
          timeoutMs: settings.timeoutSeconds * 1000, concurrency: settings.concurrency, env,
        });
        this.#keys.set(functionId, (this.#keys.get(functionId) ?? new Set()).add(key));
      })().finally(() => this.#starting.delete(key));
      this.#starting.set(key, starting);
    }
    return starting;
  }

  /** The `node_modules` of a function's layers, a later layer's files over an earlier one's. */
  async #layerFiles(refs: VersionRow['layers']): Promise<Record<string, Buffer>> {
    const files: Record<string, Buffer> = {};
    for (const layer of await layersRepo.ready(this.deps.db, refs)) {
      if (!layer.archiveKey) continue;
      Object.assign(files, (await readLayerZip(await readAll(await this.deps.storage.get(layer.archiveKey), LAYER_LIMITS.zipBytes))).files);
    }
    return files;
  }

  /**
   * Runs what the qualifier names for this request id: null when it names nothing. `auth` is
   * who called, for the function's context; `trigger` what started the call, for its record
   * in the journal (every call that ran or was throttled has one).
   */
  async call(r: Resolved, qualifier: string, event: unknown, requestId: string, how: { trigger: Recorded['trigger']; auth?: object | null }): Promise<Ran | null> {
    const { auth = null } = how;
    const alias = r.aliases.get(qualifier);
    const number = alias ? routeVersion(alias, requestId) : /^\d+$/.test(qualifier) ? Number(qualifier) : null;
    const version = number === null ? null : (r.versions.get(number) ?? null);
    if (qualifier !== LATEST && !version) return null;
    const settings = version ?? r.fn;
    const key = version ? `${r.fn.id}.v${version.version}` : r.latestKey;
    const context = { requestId, functionName: r.fn.name, projectId: r.fn.projectId, version: version ? String(version.version) : LATEST, ...(alias ? { alias: alias.name } : {}), ...(auth ? { auth } : {}) };
    const startedAt = this.deps.clock.now();
    let outcome = await this.host.invoke(key, event, context);
    if (!outcome.ok && outcome.reason === 'unknown') {
      await this.#start(r.fn.id, key, settings);
      outcome = await this.host.invoke(key, event, context);
    }
    const ended = outcome.ok ? 'ok' : outcome.reason;
    if (ended !== 'unknown' && ended !== 'unavailable') {
      this.journal?.record({
        projectId: r.fn.projectId, functionId: r.fn.id, version: context.version, alias: alias?.name ?? null, trigger: how.trigger, requestId, startedAt,
        outcome: ended, durationMs: Math.round(outcome.ms * 10) / 10, coldStart: outcome.coldStart, error: outcome.ok ? null : outcome.message, lines: ('lines' in outcome && outcome.lines) || [],
        memoryMb: 'memoryMb' in outcome ? outcome.memoryMb : undefined,
      });
    }
    if (!outcome.ok && outcome.reason === 'throttled') throw new AppError('rateLimited', WORDS.throttled, { 'Retry-After': '1' });
    if (!outcome.ok && (outcome.reason === 'unavailable' || outcome.reason === 'unknown')) {
      throw new AppError('unavailable', this.deps.config.functions.runners === 'remote' ? WORDS.noRunnerHost : WORDS.unavailable);
    }
    return { ...outcome, requestId, ran: context.version };
  }
}

/** Whether a test event fits the limit a call's body has. */
export const eventFits = (event: unknown) => Buffer.byteLength(JSON.stringify(event ?? null)) <= FUNCTION_LIMITS.eventBytes;
