import { and, desc, eq, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RemoteTemplate } from '@wharf/contract';
import { users } from '../accounts/public';
import type { DbOrTx } from '../../platform/db/types';
import type { ExperimentOverlay } from './overlay';
import { remoteConfigDrafts, remoteConfigExperiments, remoteConfigVersions } from './tables';

export type DraftRow = typeof remoteConfigDrafts.$inferSelect;
export type VersionRow = typeof remoteConfigVersions.$inferSelect;
export type VersionListRow = Omit<VersionRow, 'template'> & { publisher: string | null; requester: string | null; parameters: number; conditions: number };
export type DraftWithNames = DraftRow & { editor: string | null; requester: string | null };

/** The member who asked for a review, beside the one who edited or published. */
const requesters = alias(users, 'requesters');

const listColumns = {
  appId: remoteConfigVersions.appId,
  number: remoteConfigVersions.number,
  origin: remoteConfigVersions.origin,
  rollbackOf: remoteConfigVersions.rollbackOf,
  description: remoteConfigVersions.description,
  publishedAt: remoteConfigVersions.publishedAt,
  publishedBy: remoteConfigVersions.publishedBy,
  publisher: users.displayName,
  requestedBy: remoteConfigVersions.requestedBy,
  requester: requesters.displayName,
  parameters: sql<number>`jsonb_array_length(${remoteConfigVersions.template}->'parameters')`,
  conditions: sql<number>`jsonb_array_length(${remoteConfigVersions.template}->'conditions')`,
};

/** The only reader and writer of the family's tables. */
export const remoteConfigRepo = {
  async draft(db: DbOrTx, appId: string, forUpdate = false): Promise<DraftWithNames | undefined> {
    const q = db
      .select({ row: remoteConfigDrafts, editor: users.displayName, requester: requesters.displayName })
      .from(remoteConfigDrafts)
      .leftJoin(users, eq(users.id, remoteConfigDrafts.updatedBy))
      .leftJoin(requesters, eq(requesters.id, remoteConfigDrafts.reviewRequestedBy))
      .where(eq(remoteConfigDrafts.appId, appId));
    const [found] = await (forUpdate ? q.for('update', { of: remoteConfigDrafts }) : q);
    return found ? { ...found.row, editor: found.editor, requester: found.requester } : undefined;
  },
  /** The app's draft row, made empty when it has none yet (two first callers: one insert wins). */
  async ensureDraft(db: DbOrTx, appId: string, minimumFetchIntervalSeconds: number): Promise<void> {
    await db
      .insert(remoteConfigDrafts)
      .values({ appId, template: { conditions: [], parameters: [] }, revision: 0, basedOn: 0, lastVersion: 0, minimumFetchIntervalSeconds })
      .onConflictDoNothing();
  },
  async updateDraft(db: DbOrTx, appId: string, patch: Partial<Omit<DraftRow, 'appId'>>): Promise<void> {
    await db.update(remoteConfigDrafts).set(patch).where(eq(remoteConfigDrafts.appId, appId));
  },
  async insertVersion(db: DbOrTx, row: VersionRow): Promise<void> {
    await db.insert(remoteConfigVersions).values(row);
  },
  /** Deletes the versions below the newest `keep`; returns how many went. */
  async prune(db: DbOrTx, appId: string, newest: number, keep: number): Promise<number> {
    const gone = await db
      .delete(remoteConfigVersions)
      .where(and(eq(remoteConfigVersions.appId, appId), lte(remoteConfigVersions.number, newest - keep)))
      .returning({ number: remoteConfigVersions.number });
    return gone.length;
  },
  async version(db: DbOrTx, appId: string, number: number): Promise<VersionRow | undefined> {
    const [row] = await db
      .select()
      .from(remoteConfigVersions)
      .where(and(eq(remoteConfigVersions.appId, appId), eq(remoteConfigVersions.number, number)));
    return row;
  },
  /** The newest kept version before `number` (a diff's other side). */
  async versionBefore(db: DbOrTx, appId: string, number: number): Promise<VersionRow | undefined> {
    const [row] = await db
      .select()
      .from(remoteConfigVersions)
      .where(and(eq(remoteConfigVersions.appId, appId), lt(remoteConfigVersions.number, number)))
      .orderBy(desc(remoteConfigVersions.number))
      .limit(1);
    return row;
  },
  async summaries(db: DbOrTx, appId: string, limit: number, before?: number): Promise<VersionListRow[]> {
    return db
      .select(listColumns)
      .from(remoteConfigVersions)
      .leftJoin(users, eq(users.id, remoteConfigVersions.publishedBy))
      .leftJoin(requesters, eq(requesters.id, remoteConfigVersions.requestedBy))
      .where(and(eq(remoteConfigVersions.appId, appId), before === undefined ? undefined : lt(remoteConfigVersions.number, before)))
      .orderBy(desc(remoteConfigVersions.number))
      .limit(limit);
  },
  async summary(db: DbOrTx, appId: string, number: number): Promise<VersionListRow | undefined> {
    const [row] = await db
      .select(listColumns)
      .from(remoteConfigVersions)
      .leftJoin(users, eq(users.id, remoteConfigVersions.publishedBy))
      .leftJoin(requesters, eq(requesters.id, remoteConfigVersions.requestedBy))
      .where(and(eq(remoteConfigVersions.appId, appId), eq(remoteConfigVersions.number, number)));
    return row;
  },
  async count(db: DbOrTx, appId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(remoteConfigVersions).where(eq(remoteConfigVersions.appId, appId));
    return row?.n ?? 0;
  },
  /** What devices are served: the newest version, the app's fetch interval and its running experiments, in one read. */
  async live(db: DbOrTx, appId: string): Promise<{ number: number; template: RemoteTemplate; interval: number; experiments: ExperimentOverlay[] } | null> {
    const experiments = sql<ExperimentOverlay[]>`(select coalesce(jsonb_agg(${remoteConfigExperiments.overlay} order by ${remoteConfigExperiments.startedAt}), '[]'::jsonb) from ${remoteConfigExperiments} where ${remoteConfigExperiments.appId} = ${remoteConfigDrafts.appId})`;
    const [row] = await db
      .select({ number: remoteConfigDrafts.lastVersion, interval: remoteConfigDrafts.minimumFetchIntervalSeconds, template: remoteConfigVersions.template, experiments })
      .from(remoteConfigDrafts)
      .leftJoin(remoteConfigVersions, and(eq(remoteConfigVersions.appId, remoteConfigDrafts.appId), eq(remoteConfigVersions.number, remoteConfigDrafts.lastVersion)))
      .where(eq(remoteConfigDrafts.appId, appId));
    if (!row) return null;
    return { number: row.number, interval: row.interval, template: row.template ?? { conditions: [], parameters: [] }, experiments: row.experiments };
  },
  async experiments(db: DbOrTx, appId: string): Promise<ExperimentOverlay[]> {
    const rows = await db.select({ overlay: remoteConfigExperiments.overlay }).from(remoteConfigExperiments).where(eq(remoteConfigExperiments.appId, appId)).orderBy(remoteConfigExperiments.startedAt);
    return rows.map((r) => r.overlay);
  },
  async putExperiment(db: DbOrTx, appId: string, overlay: ExperimentOverlay, startedAt: Date): Promise<void> {
    await db.insert(remoteConfigExperiments).values({ appId, experimentId: overlay.id, overlay, startedAt });
  },
  async removeExperiment(db: DbOrTx, appId: string, experimentId: string): Promise<boolean> {
    const gone = await db
      .delete(remoteConfigExperiments)
      .where(and(eq(remoteConfigExperiments.appId, appId), eq(remoteConfigExperiments.experimentId, experimentId)))
      .returning({ id: remoteConfigExperiments.experimentId });
    return gone.length > 0;
  },
};
