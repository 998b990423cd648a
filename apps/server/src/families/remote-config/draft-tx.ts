import { REMOTE_CONFIG_LIMITS, type RemoteTemplate } from '@wharf/contract';
import { auditActor, writeAudit, type AuditEvent } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict } from '../../platform/http/errors';
import { callerApp } from '../apps/public';
import { summaryOut } from './out';
import { remoteConfigRepo, type DraftWithNames } from './repo';

/** The fetch interval of an app that never set one. */
export const DEFAULT_FETCH_INTERVAL_SECONDS = 60;
/** Instances that serve devices forget an app's published version when this channel names it. */
export const PUBLISHED_CHANNEL = 'remote-config.published';

export type DraftDeps = Pick<Deps, 'db' | 'clock' | 'pubsub'> & {
  /** Called after a draft change commits: this instance forgets what it serves at once (others hear by pub/sub). */
  liveChanged?: (appId: string) => void;
};

const STALE = { zh: '草稿已被他人修改，请刷新后再试', en: 'Someone else changed the draft meanwhile; reload it and try again', ru: 'Черновик тем временем изменил кто-то другой; обновите страницу и повторите' };
export const NOTHING = { zh: '草稿与当前发布的版本相同，无需发布', en: 'The draft is the same as the published version: nothing to publish', ru: 'Черновик совпадает с опубликованной версией: публиковать нечего' };

/**
 * One transaction on the app's draft row, locked (made first when the app has none); with
 * `revision`, refused when the draft moved on. `live` is the published template (null: none).
 */
export async function inDraft<T>(deps: DraftDeps, caller: Caller, appId: string, revision: number | null, work: (tx: DbOrTx, draft: DraftWithNames, live: RemoteTemplate | null) => Promise<T>): Promise<T> {
  await callerApp(deps.db, caller, appId);
  const result = await deps.db.transaction(async (tx) => {
    const { draft, live } = await lockDraft(tx, appId, revision);
    return work(tx, draft, live);
  });
  // Pub/sub reaches this instance too, but later on PostgreSQL: a device asking right after
  // the publish must not get the version before it from here.
  deps.liveChanged?.(appId);
  return result;
}

/** The app's draft row locked in a transaction (made first when it has none), and the published template. */
export async function lockDraft(tx: DbOrTx, appId: string, revision: number | null): Promise<{ draft: DraftWithNames; live: RemoteTemplate | null }> {
  await remoteConfigRepo.ensureDraft(tx, appId, DEFAULT_FETCH_INTERVAL_SECONDS);
  const draft = (await remoteConfigRepo.draft(tx, appId, true))!;
  if (revision !== null && revision !== draft.revision) throw conflict(STALE);
  const live = draft.lastVersion > 0 ? ((await remoteConfigRepo.version(tx, appId, draft.lastVersion))?.template ?? null) : null;
  return { draft, live };
}

/** The next version, made live: kept, the oldest beyond 300 pruned, every instance told. */
export async function newVersion(
  deps: DraftDeps,
  tx: DbOrTx,
  caller: Caller,
  appId: string,
  number: number,
  template: RemoteTemplate,
  what: { origin: 'publish' | 'rollback'; rollbackOf: number | null; description: string | null; requestedBy?: string | null },
) {
  await remoteConfigRepo.insertVersion(tx, { appId, number, template, requestedBy: null, ...what, publishedAt: deps.clock.now(), publishedBy: caller.userId });
  await remoteConfigRepo.updateDraft(tx, appId, { lastVersion: number, basedOn: number, ...NO_REVIEW });
  await remoteConfigRepo.prune(tx, appId, number, REMOTE_CONFIG_LIMITS.versionsKept);
  await deps.pubsub.publishIn(tx, PUBLISHED_CHANNEL, { appId });
  return summaryOut((await remoteConfigRepo.summary(tx, appId, number))!);
}

/** The draft's columns that clear a pending review. */
export const NO_REVIEW = { reviewRevision: null, reviewRequestedBy: null, reviewRequestedAt: null, reviewDescription: null } as const;

export async function auditDraft(deps: DraftDeps, tx: DbOrTx, caller: Caller, appId: string, action: AuditEvent['action'], data: Record<string, unknown>) {
  await writeAudit(tx, deps.clock, { action, teamId: caller.teamId, ...auditActor(caller), targetType: 'remote-config', targetId: appId, data: { appId, ...data } });
}
