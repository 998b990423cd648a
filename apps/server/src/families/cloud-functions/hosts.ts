import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { RemoteRunnerHost, tokenMatches, type FunctionCode, type HostHealth, type HostOutcome, type RunnerHost, type RunnerInfo } from '@wharf/runner';
import type { Deps } from '../../platform/deps';
import { runnerHostsRepo } from './hosts-repo';

const FORGET_AFTER_MS = 30_000;
const LIST_FOR_MS = 5_000;
const DOWN_FOR_MS = 10_000;

const unavailable = (message: string): HostOutcome => ({ ok: false, reason: 'unavailable', message, output: '', ms: 0, coldStart: false });
const unknown: HostOutcome = { ok: false, reason: 'unknown', message: 'moved to another runner host', output: '', ms: 0, coldStart: false };

/**
 * Runner hosts on other machines as one: each key goes to one host by rendezvous hashing
 * (the same host while the set of hosts stays, so its runners stay warm; a host that goes
 * or comes moves only its share of keys). A host that cannot be reached is left out for
 * 10 s and its keys are started again on the next one.
 */
export class RunnerHosts implements RunnerHost {
  #hosts = new Map<string, RemoteRunnerHost>();
  #listed: { at: number; urls: string[] } | null = null;
  #down = new Map<string, number>();

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'config'>) {}

  async #urls(): Promise<string[]> {
    const now = Date.now();
    if (!this.#listed || now - this.#listed.at > LIST_FOR_MS) {
      const heard = await runnerHostsRepo.heardSince(this.deps.db, new Date(this.deps.clock.now().getTime() - FORGET_AFTER_MS));
      this.#listed = { at: now, urls: [...new Set([...this.deps.config.functions.runnerUrls, ...heard])] };
    }
    return this.#listed.urls.filter((u) => (this.#down.get(u) ?? 0) < now);
  }

  async #pick(key: string): Promise<RemoteRunnerHost | null> {
    const urls = await this.#urls();
    const weight = (url: string) => createHash('sha256').update(`${url}|${key}`).digest().readUInt32BE(0);
    const best = urls.reduce<string | null>((a, u) => (a === null || weight(u) > weight(a) ? u : a), null);
    if (!best) return null;
    let host = this.#hosts.get(best);
    if (!host) this.#hosts.set(best, (host = new RemoteRunnerHost(best, this.deps.config.functions.runnerToken ?? '')));
    return host;
  }

  async start(code: FunctionCode): Promise<void> {
    const host = await this.#pick(code.key);
    if (!host) return;
    await host.start(code).catch(() => this.#down.set(host.url, Date.now() + DOWN_FOR_MS));
  }

  async invoke(key: string, event: unknown, context: Record<string, unknown>): Promise<HostOutcome> {
    const host = await this.#pick(key);
    if (!host) return unavailable('no runner host is registered');
    try {
      return await host.invoke(key, event, context);
    } catch {
      this.#down.set(host.url, Date.now() + DOWN_FOR_MS);
      return (await this.#pick(key)) ? unknown : unavailable('no runner host answers');
    }
  }

  async stop(key: string): Promise<void> {
    await (await this.#pick(key))?.stop(key).catch(() => undefined);
  }

  async health(): Promise<HostHealth> {
    const all = await Promise.all((await this.#urls()).map((u) => (this.#hosts.get(u) ?? new RemoteRunnerHost(u, this.deps.config.functions.runnerToken ?? '')).health().catch(() => null)));
    const up = all.filter((h): h is HostHealth => h !== null);
    const sum = (f: (h: HostHealth) => number) => up.reduce((n, h) => n + f(h), 0);
    return { sandbox: up.some((h) => h.sandbox), contained: up.every((h) => h.contained), runners: sum((h) => h.runners), spare: sum((h) => h.spare), busy: sum((h) => h.busy), maxRunners: sum((h) => h.maxRunners), functions: sum((h) => h.functions) };
  }

  /** Every host's runners, each key marked with its host (a host that does not answer shows none). */
  async runners(): Promise<RunnerInfo[]> {
    const all = await Promise.all((await this.#urls()).map((u) => (this.#hosts.get(u) ?? new RemoteRunnerHost(u, this.deps.config.functions.runnerToken ?? '')).runners().catch(() => [])));
    return all.flat();
  }

  /** Held on the host the key goes to (it moves with the key when hosts come or go: the next policy check holds it there). */
  async keepWarm(key: string, count: number): Promise<number> {
    const host = await this.#pick(key);
    return host ? host.keepWarm(key, count).catch(() => 0) : 0;
  }

  async close(): Promise<void> {
    this.#hosts.clear();
  }
}

/** `POST /runners/v1/register` `{ url }` with the shared token: a runner host says it is there, every 10 s. */
export function registerRunnerHosts(app: FastifyInstance, deps: Pick<Deps, 'db' | 'clock' | 'config'>): void {
  const token = deps.config.functions.runnerToken;
  if (!token) return;
  app.post('/runners/v1/register', async (req, reply) => {
    if (!tokenMatches(req.headers.authorization, token)) return reply.status(401).send({ error: 'the runner token is missing or wrong' });
    const url = (req.body as { url?: unknown } | null)?.url;
    if (typeof url !== 'string' || !/^https?:\/\/[^/\s]+$/.test(url) || url.length > 256) return reply.status(400).send({ error: 'url: the address the server reaches this host at, such as http://10.0.0.7:9100' });
    await runnerHostsRepo.heard(deps.db, url, deps.clock.now());
    return { registered: url };
  });
}
