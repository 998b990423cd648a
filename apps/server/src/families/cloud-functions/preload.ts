import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { PRELOAD_LIMITS, preloadHolds } from '@wharf/rules';
import type { FunctionInstance, PreloadPolicy } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, notFound } from '../../platform/http/errors';
import { auditFunction, foundFunction } from './found';
import { preloadRepo as repo, type PolicyRow } from './preload-repo';
import type { FunctionRuntime } from './runtime';
import { WORDS } from './words';

export interface PolicyInput {
  qualifier: string;
  instances: number;
  days: number[];
  startHour: number;
  endHour: number;
  timeZone: string;
  enabled: boolean;
}

/** How long an instance's report of its runners counts: it reports every 5 s. */
const FRESH_MS = 15_000;

/**
 * Preload policies and the instances view. Every instance that runs functions holds, every
 * 10 s (a change takes effect by the next), the runners its policies' windows ask for and lets go of the rest (the runner host
 * keeps held runners past their idle time); every 5 s it reports its runners, which the
 * console reads across instances.
 */
export class FunctionPreload {
  /** Keys this instance holds warm. */
  #held = new Set<string>();
  #reported = false;
  /** This server instance's name in the instances view. */
  readonly instance = `${os.hostname()}:${process.pid}:${randomBytes(2).toString('hex')}`;

  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock'>,
    private readonly runtime: FunctionRuntime,
  ) {}

  #out(p: PolicyRow): PreloadPolicy {
    return {
      policyId: p.id, qualifier: p.qualifier, instances: p.instances, days: p.days, startHour: p.startHour, endHour: p.endHour, timeZone: p.timeZone, enabled: p.enabled,
      active: p.enabled && preloadHolds(p, this.deps.clock.now()), updatedAt: p.updatedAt.toISOString(),
    };
  }

  async list(projectId: string, functionId: string) {
    const fn = await foundFunction(this.deps.db, projectId, functionId);
    return { policies: (await repo.list(this.deps.db, fn.id)).map((p) => this.#out(p)) };
  }

  async create(caller: Caller, projectId: string, functionId: string, input: PolicyInput) {
    const policy = await this.deps.db.transaction(async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      if ((await repo.list(tx, fn.id)).length >= PRELOAD_LIMITS.perFunction) throw conflict(WORDS.tooManyPolicies(PRELOAD_LIMITS.perFunction));
      const now = this.deps.clock.now();
      const made = await repo.insert(tx, { functionId: fn.id, ...input, createdAt: now, updatedAt: now });
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.createPreloadPolicy', fn, { policyId: made.id, qualifier: input.qualifier, instances: input.instances });
      return made;
    });
    return { policy: this.#out(policy) };
  }

  async update(caller: Caller, projectId: string, functionId: string, policyId: string, input: PolicyInput) {
    const policy = await this.deps.db.transaction(async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      const row = await repo.update(tx, fn.id, policyId, { ...input, updatedAt: this.deps.clock.now() });
      if (!row) throw notFound(WORDS.noPolicy);
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.updatePreloadPolicy', fn, { policyId, qualifier: input.qualifier, instances: input.instances, enabled: input.enabled });
      return row;
    });
    return { policy: this.#out(policy) };
  }

  async remove(caller: Caller, projectId: string, functionId: string, policyId: string) {
    await this.deps.db.transaction(async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      if (!(await repo.remove(tx, fn.id, policyId))) throw notFound(WORDS.noPolicy);
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.deletePreloadPolicy', fn, { policyId });
    });
    return {};
  }

  /** Holds what the policies whose window holds now ask for (the most any asks for a qualifier), and lets go of what none asks for. */
  async apply(): Promise<void> {
    const now = this.deps.clock.now();
    const want = new Map<string, { functionId: string; qualifier: string; count: number }>();
    for (const p of await repo.enabled(this.deps.db)) {
      if (!preloadHolds(p, now)) continue;
      const id = `${p.functionId}|${p.qualifier}`;
      want.set(id, { functionId: p.functionId, qualifier: p.qualifier, count: Math.max(p.instances, want.get(id)?.count ?? 0) });
    }
    const held = new Set<string>();
    for (const w of want.values()) {
      const key = await this.runtime.holdWarm(w.functionId, w.qualifier, w.count);
      if (key) held.add(key);
    }
    for (const key of this.#held) if (!held.has(key)) await this.runtime.letGo(key);
    this.#held = held;
  }

  /** Reports this instance's runners (nothing written while it has none and said so). */
  async report(): Promise<void> {
    const runners = await this.runtime.runners();
    const now = this.deps.clock.now();
    if (runners.length === 0) {
      if (this.#reported) await repo.forget(this.deps.db, this.instance, new Date(now.getTime() - 4 * FRESH_MS));
      this.#reported = false;
      return;
    }
    await repo.report(this.deps.db, { instance: this.instance, at: now, runners });
    this.#reported = true;
  }

  /** A function's runners on every instance that reported lately (this one's as they are now). */
  async instances(projectId: string, functionId: string): Promise<{ instances: FunctionInstance[] }> {
    const fn = await foundFunction(this.deps.db, projectId, functionId);
    await this.report();
    const since = new Date(this.deps.clock.now().getTime() - FRESH_MS);
    const out: FunctionInstance[] = [];
    for (const snap of await repo.snapshots(this.deps.db, since)) {
      for (const r of snap.runners) {
        if (!r.key.startsWith(`${fn.id}.`)) continue;
        const version = /\.v(\d+)$/.exec(r.key)?.[1] ?? '$latest';
        out.push({ server: snap.instance, version, state: r.state, calls: r.calls, startedAt: new Date(r.startedAt).toISOString(), lastUsedAt: new Date(r.lastUsedAt).toISOString(), memoryMb: r.memoryMb, held: r.held });
      }
    }
    return { instances: out };
  }
}
