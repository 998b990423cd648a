import type { VersionRecordAction } from '@wharf/contract';
import { transition, type ReleaseState, type VersionAction } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import { faultPoint } from '../../platform/fault-points';
import type { Caller } from '../../platform/http/access';
import { conflict } from '../../platform/http/errors';
import { stateRefusal } from './present';
import { versionsRepo, type VersionRow } from './repo';

export interface Actor {
  kind: 'user' | 'operator' | 'system' | 'api-client';
  /** A person's id (null for the system and for API clients, which have no user). */
  id: string | null;
  /** An API client's client ID, which the history and the audit trail name. */
  clientId?: string | null;
  /** Where the request came from; null for the system's own actions. */
  ip: string | null;
}

/** The platform as the actor of what nobody did by hand (scheduled releases, automatic approval, seeded reviews). */
export const SYSTEM: Actor = { kind: 'system', id: null, ip: null };

export const actorOf = (caller: Caller): Actor =>
  caller.kind === 'api-client'
    ? { kind: 'api-client', id: null, clientId: caller.clientId, ip: caller.ip }
    : { kind: caller.kind === 'operator' ? 'operator' : 'user', id: caller.userId, ip: caller.ip };

export interface MoveOptions {
  releaseTimeAhead?: boolean;
  set?: Partial<VersionRow>;
  data?: Record<string, unknown>;
  firstRelease?: boolean;
  /**
   * Trust the row as read before the transaction instead of locking it first: the update
   * applies only if what the transition depends on is unchanged, else the write starts
   * again with the lock (`VersionTransitions.write`). One round trip fewer while locked.
   */
  optimistic?: boolean;
}

/** The version changed between the read and an optimistic write: `write` runs it again, locking. */
class StaleVersion extends Error {}

/**
 * Every change of a version's release state: one transaction that checks the transition
 * table against the locked row and writes the new state, a history event and an audit
 * event. A developer's writes to one version take turns on this instance first, so a burst
 * of edits waits without holding pooled connections (docs/performance.md).
 */
export class VersionTransitions {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'turns'>) {}

  /** One version's write: its turn, then a transaction; an optimistic one that met a change runs again, locking. */
  write<T>(versionId: string, change: (tx: Tx, optimistic: boolean) => Promise<T>): Promise<T> {
    const { db, turns } = this.deps;
    return turns.run('app_versions', versionId, async () => {
      try {
        return await db.transaction((tx) => change(tx, true));
      } catch (err) {
        if (!(err instanceof StaleVersion)) throw err;
        return db.transaction((tx) => change(tx, false));
      }
    });
  }

  /** Checks the action against the table and writes the new state with its history and audit events. */
  async move(tx: Tx, row: VersionRow, action: VersionAction, actor: Actor, opts: MoveOptions = {}): Promise<VersionRow> {
    const current = opts.optimistic ? row : ((await versionsRepo.lock(tx, row.id)) ?? row);
    const ctx = { rollbackPending: current.rollbackPending, firstRelease: opts.firstRelease ?? false, releaseTimeAhead: opts.releaseTimeAhead ?? false };
    const result = current.supersededAt ? null : transition(current.releaseState as ReleaseState, action, ctx);
    if (!result?.ok || result.to === 'deleted') {
      // A refusal is only ever given from the locked row.
      if (opts.optimistic) throw new StaleVersion();
      if (result?.ok) throw new Error('delete goes through remove()');
      throw conflict(stateRefusal(current));
    }
    const set = { ...opts.set, releaseState: result.to, updatedAt: this.deps.clock.now() };
    const updated = opts.optimistic ? await versionsRepo.updateIfUnchanged(tx, current, set) : await versionsRepo.update(tx, current.id, set);
    if (!updated) throw new StaleVersion();
    await this.record(tx, current, action, actor, current.releaseState, result.to, opts.data);
    faultPoint('versions.transition.beforeCommit');
    return updated;
  }

  async record(tx: Tx, row: VersionRow, action: VersionRecordAction, actor: Actor, from: number | null, to: number | null, data: Record<string, unknown> = {}): Promise<void> {
    const { clock } = this.deps;
    const byClient = actor.clientId ? { clientId: actor.clientId } : {};
    await versionsRepo.addEvent(tx, { versionId: row.id, appId: row.appId, action, fromState: from, toState: to, actorKind: actor.kind, actorId: actor.id, at: clock.now(), data: { ...data, ...byClient } });
    await writeAudit(tx, clock, { action: `version.${action}`, teamId: row.teamId, actorId: actor.clientId ?? actor.id, actorKind: actor.kind, ip: actor.ip, targetType: 'version', targetId: row.id, data: { appId: row.appId, from, to, ...data } });
  }
}
