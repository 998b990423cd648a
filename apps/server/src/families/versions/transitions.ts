import type { VersionRecordAction } from '@wharf/contract';
import { transition, type ReleaseState, type VersionAction } from '@wharf/rules';
import { auditsWith, auditsWithIf, type AuditEvent } from '../../platform/audit';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import { faultPoint } from '../../platform/fault-points';
import type { Caller } from '../../platform/http/access';
import { conflict } from '../../platform/http/errors';
import { stateRefusal } from './present';
import { editIfUnchanged, eventsWithIf } from './edit-repo';
import { versionsRepo, type ListingEdit, type VersionRow } from './repo';

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

/** One history and audit entry of a version's change. */
interface VersionRecord {
  row: VersionRow;
  action: VersionRecordAction;
  actor: Actor;
  from: number | null;
  to: number | null;
  data: Record<string, unknown>;
}

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

/** A developer's edit of a version, checked, waiting for its turn (`VersionTransitions.edit`). */
export interface EditWrite {
  /** The version as read before the turn. */
  row: VersionRow;
  set: Partial<VersionRow>;
  /** The expansion files the version is left with; undefined leaves them. */
  expansion: Array<{ slot: string; packageId: string }> | undefined;
  listings: ListingEdit[];
  actor: Actor;
  /** The fields the edit gave, which its history and audit events name. */
  fields: string[];
}

/** Later edits' fields over earlier ones', listing by listing (what writing them one by one leaves). */
function merged(items: EditWrite[]): { set: Partial<VersionRow>; expansion: EditWrite['expansion']; listings: ListingEdit[] } {
  const listings = new Map<string, ListingEdit>();
  for (const l of items.flatMap((i) => i.listings)) {
    const given = Object.fromEntries(Object.entries(l).filter(([, v]) => v !== undefined));
    listings.set(l.language, { ...listings.get(l.language), ...given, language: l.language });
  }
  return {
    set: Object.assign({}, ...items.map((i) => i.set)) as Partial<VersionRow>,
    expansion: items.reduce<EditWrite['expansion']>((e, i) => i.expansion ?? e, undefined),
    listings: [...listings.values()],
  };
}

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

  /**
   * A developer's edit, written together with the other edits of the version that arrive
   * while it is busy (group commit, `RowTurns.together`): one transaction for the batch,
   * each edit keeping its own history and audit event, the later edit's fields winning as
   * if written one by one. Each answer is the version after the batch. When a batch fails,
   * each edit is tried alone, so one edit's problem is its own.
   */
  edit(item: EditWrite): Promise<VersionRow> {
    return this.deps.turns.together('app_versions', item.row.id, item, async (items) => {
      try {
        const row = await this.editAll(items);
        return items.map(() => ({ status: 'fulfilled' as const, value: row }));
      } catch (err) {
        if (items.length === 1) return [{ status: 'rejected' as const, reason: err }];
        const each: Array<PromiseSettledResult<VersionRow>> = [];
        for (const one of items) each.push(await this.editAll([one]).then((value) => ({ status: 'fulfilled' as const, value }), (reason: unknown) => ({ status: 'rejected' as const, reason })));
        return each;
      }
    });
  }

  private async editAll(items: EditWrite[]): Promise<VersionRow> {
    const { db, clock } = this.deps;
    const { set, expansion, listings } = merged(items);
    const write = async (tx: Tx, optimistic: boolean) => {
      // The version's statement first (its lock before the listings').
      const { updated, from, to } = await this.apply(tx, items[0]!.row, 'edit', { set, optimistic });
      if (expansion) await versionsRepo.setExpansionFiles(tx, updated.id, expansion);
      for (const l of listings) await versionsRepo.mergeListing(tx, updated.id, l, clock.now());
      await this.recordAll(tx, items.map((i) => ({ row: updated, action: 'edit' as const, actor: i.actor, from, to, data: { fields: i.fields } })));
      faultPoint('versions.transition.beforeCommit');
      return updated;
    };
    const [first] = items;
    // Optimistic only when every edit read the version in the same state.
    const sameRead = items.every((i) => i.row.releaseState === first!.row.releaseState && i.row.rollbackPending === first!.row.rollbackPending && !i.row.supersededAt);
    if (sameRead && !expansion) {
      const updated = await this.editAtOnce(items, set, listings);
      if (updated) return updated;
    } else if (sameRead) {
      try {
        return await db.transaction((tx) => write(tx, true));
      } catch (err) {
        if (!(err instanceof StaleVersion)) throw err;
      }
    }
    return db.transaction((tx) => write(tx, false));
  }

  /**
   * The batch as one statement against the version as read (`editIfUnchanged`): undefined
   * when the table refuses the edit from that state or the version changed since, so that
   * the locked transaction decides and words any refusal.
   */
  private async editAtOnce(items: EditWrite[], set: Partial<VersionRow>, listings: ListingEdit[]): Promise<VersionRow | undefined> {
    const { db, clock } = this.deps;
    const read = items[0]!.row;
    const result = transition(read.releaseState as ReleaseState, 'edit', { rollbackPending: read.rollbackPending, firstRelease: false, releaseTimeAhead: false });
    const to = result.ok ? result.to : 'deleted';
    if (to === 'deleted') return undefined;
    const now = clock.now();
    const records = items.map((i) => ({ row: read, action: 'edit' as const, actor: i.actor, from: read.releaseState, to, data: { fields: i.fields } }));
    return editIfUnchanged(db, read, { ...set, releaseState: to, updatedAt: now }, listings, now, (changed) => [
      eventsWithIf(db, records.map((r) => this.eventOf(r, now)), changed),
      auditsWithIf(db, clock, records.map((r) => this.auditOf(r)), changed),
    ]);
  }

  /** Checks the action against the table and writes the new state with its history and audit events. */
  async move(tx: Tx, row: VersionRow, action: VersionAction, actor: Actor, opts: MoveOptions = {}): Promise<VersionRow> {
    const { updated, from, to } = await this.apply(tx, row, action, opts);
    await this.record(tx, updated, action, actor, from, to, opts.data);
    faultPoint('versions.transition.beforeCommit');
    return updated;
  }

  /** The transition checked against the table (the locked row, or the one read when optimistic) and the row updated. */
  private async apply(tx: Tx, row: VersionRow, action: VersionAction, opts: MoveOptions): Promise<{ updated: VersionRow; from: number; to: number }> {
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
    return { updated, from: current.releaseState, to: result.to };
  }

  async record(tx: Tx, row: VersionRow, action: VersionRecordAction, actor: Actor, from: number | null, to: number | null, data: Record<string, unknown> = {}): Promise<void> {
    await this.recordAll(tx, [{ row, action, actor, from, to, data }]);
  }

  /** History and audit events, one statement however many. */
  private async recordAll(tx: Tx, records: VersionRecord[]): Promise<void> {
    const at = this.deps.clock.now();
    await versionsRepo.addEvents(
      tx,
      records.map((r) => this.eventOf(r, at)),
      [auditsWith(tx, this.deps.clock, records.map((r) => this.auditOf(r)))],
    );
  }

  private eventOf({ row, action, actor, from, to, data }: VersionRecord, at: Date) {
    return { versionId: row.id, appId: row.appId, action, fromState: from, toState: to, actorKind: actor.kind, actorId: actor.id, at, data: { ...data, ...(actor.clientId ? { clientId: actor.clientId } : {}) } };
  }

  private auditOf({ row, action, actor, from, to, data }: VersionRecord): AuditEvent {
    return { action: `version.${action}`, teamId: row.teamId, actorId: actor.clientId ?? actor.id, actorKind: actor.kind, ip: actor.ip, targetType: 'version', targetId: row.id, data: { appId: row.appId, from, to, ...data } };
  }
}
