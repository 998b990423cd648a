import { and, asc, desc, eq, inArray, isNotNull, isNull, like, sql, type Placeholder, type SQL, type SQLWrapper, type WithSubquery } from 'drizzle-orm';
import { EDITABLE_STATES, LIVE_STATES, RELEASE_STATE, UNRELEASED_STATES } from '@wharf/rules';
import type { DbOrTx } from '../../platform/db/types';
import { preparedStatement, type Slots } from '../../platform/db/prepared';
import { appVersions, phasedReleases, reviewTasks, versionEvents, versionExpansionFiles, versionListings } from './tables';
import { reviewTasksRepo } from './review-tasks-repo';
import { keysetOrder, pastCursor, type KeysetOrder } from '../../platform/db/keyset';
import type { Position } from '../../platform/http/cursor';

export type VersionRow = typeof appVersions.$inferSelect;
export type ListingRow = typeof versionListings.$inferSelect;
export type EventRow = typeof versionEvents.$inferSelect;
export type PhaseRow = typeof phasedReleases.$inferSelect;
export type ExpansionRow = typeof versionExpansionFiles.$inferSelect;


const notSuperseded = isNull(appVersions.supersededAt);

/** What an edit may give of one listing; fields left out stay as they are. */
export interface ListingEdit {
  language: string;
  name?: string | undefined;
  brief?: string | undefined;
  description?: string | undefined;
  newFeatures?: string | undefined;
  iconObjectId?: string | null | undefined;
  screenshotObjectIds?: string[] | undefined;
  videoObjectIds?: string[] | undefined;
}

/** A version with what its page shows besides, read in one statement (`versionsRepo.withParts`). */
export interface VersionParts {
  row: VersionRow;
  listings: ListingRow[];
  /** When the developer last urged its open review task; null without one or never urged. */
  urgedAt: Date | null;
  hasExpansion: boolean;
  hasPhase: boolean;
  /** Another version on shelf has the same versionCode. */
  codeWarning: boolean;
}

const live = sql.join(LIVE_STATES.map((s) => sql`${s}`), sql`, `);

/** What `withParts` reads, built once (platform/db/prepared.ts). */
const versionWithParts = preparedStatement('versions_with_parts', (db, slot: Slots<'appId' | 'id'>) =>
  db
    .select({
      v: appVersions,
      l: versionListings,
      urgedAtMs: sql<number | null>`(select (extract(epoch from ${reviewTasks.urgedAt}) * 1000)::float8 from ${reviewTasks} where ${reviewTasks.subjectId} = ${appVersions.id} and ${reviewTasks.state} = 'open' limit 1)`,
      hasExpansion: sql<boolean>`exists (select 1 from ${versionExpansionFiles} where ${versionExpansionFiles.versionId} = ${appVersions.id})`,
      hasPhase: sql<boolean>`exists (select 1 from ${phasedReleases} where ${phasedReleases.versionId} = ${appVersions.id})`,
      codeWarning: sql<boolean>`exists (select 1 from app_versions c where c.app_id = ${appVersions.appId} and c.superseded_at is null and c.release_state in (${live}) and c.id <> ${appVersions.id} and c.version_code = ${appVersions.versionCode})`,
    })
    .from(appVersions)
    .leftJoin(versionListings, eq(versionListings.versionId, appVersions.id))
    .where(and(eq(appVersions.appId, slot.appId), eq(appVersions.id, slot.id)))
    .orderBy(asc(versionListings.language)),
);

/** Every edit of a version reads it first: built once. */
const versionById = preparedStatement('versions_by_id', (db, slot: Slots<'appId' | 'id'>) =>
  db.select().from(appVersions).where(and(eq(appVersions.appId, slot.appId), eq(appVersions.id, slot.id))),
);

export const versionsRepo = {
  /**
   * A version, its listings (one row each, joined) and the facts its page needs from its
   * review task, expansion files, phased release and the version on shelf, as subqueries:
   * one statement where reading them one by one took six (docs/performance.md).
   */
  async withParts(db: DbOrTx, appId: string, id: string): Promise<VersionParts | undefined> {
    const rows = await versionWithParts(db, { appId, id });
    const [first] = rows;
    if (!first) return undefined;
    return {
      row: first.v,
      listings: rows.flatMap((r) => (r.l ? [r.l] : [])),
      urgedAt: first.urgedAtMs === null ? null : new Date(first.urgedAtMs),
      hasExpansion: first.hasExpansion,
      hasPhase: first.hasPhase,
      codeWarning: first.codeWarning,
    };
  },
  async insert(db: DbOrTx, row: typeof appVersions.$inferInsert): Promise<VersionRow | undefined> {
    // A concurrent create lost the race for the one unreleased version: the caller re-reads.
    const [created] = await db.insert(appVersions).values(row).onConflictDoNothing().returning();
    return created;
  },
  async byId(db: DbOrTx, appId: string, id: string): Promise<VersionRow | undefined> {
    const [row] = await versionById(db, { appId, id });
    return row;
  },
  /** The newest version of the app released with this version code. */
  async releasedByCode(db: DbOrTx, appId: string, code: number): Promise<VersionRow | undefined> {
    const [row] = await db
      .select()
      .from(appVersions)
      .where(and(eq(appVersions.appId, appId), eq(appVersions.versionCode, code), isNotNull(appVersions.onShelfAt)))
      .orderBy(desc(appVersions.onShelfAt))
      .limit(1);
    return row;
  },
  async byIdAnyApp(db: DbOrTx, id: string): Promise<VersionRow | undefined> {
    const [row] = await db.select().from(appVersions).where(eq(appVersions.id, id));
    return row;
  },
  /** Locks the version for a transition, so two transitions of one version run one after the other. */
  async lock(db: DbOrTx, id: string): Promise<VersionRow | undefined> {
    const [row] = await db.select().from(appVersions).where(eq(appVersions.id, id)).for('update');
    return row;
  },
  async unreleased(db: DbOrTx, appId: string): Promise<VersionRow | undefined> {
    const [row] = await db
      .select()
      .from(appVersions)
      .where(and(eq(appVersions.appId, appId), notSuperseded, inArray(appVersions.releaseState, [...UNRELEASED_STATES])));
    return row;
  },
  /** The version on shelf now (also while its removal is requested). */
  /** A version (any, also history) that names the package, if one does. */
  /** A version naming the package, as its package or as one of its expansion files. */
  async usingPackage(db: DbOrTx, packageId: string): Promise<VersionRow | undefined> {
    const [row] = await db.select().from(appVersions).where(eq(appVersions.packageId, packageId)).limit(1);
    if (row) return row;
    const [viaExpansion] = await db
      .select({ v: appVersions })
      .from(versionExpansionFiles)
      .innerJoin(appVersions, eq(appVersions.id, versionExpansionFiles.versionId))
      .where(eq(versionExpansionFiles.packageId, packageId))
      .limit(1);
    return viaExpansion?.v;
  },
  /** Expansion files of versions, main before patch. */
  async expansionFiles(db: DbOrTx, versionIds: string[]): Promise<ExpansionRow[]> {
    if (!versionIds.length) return [];
    return db.select().from(versionExpansionFiles).where(inArray(versionExpansionFiles.versionId, versionIds)).orderBy(asc(versionExpansionFiles.slot));
  },
  /** Replaces a version's expansion files. */
  async setExpansionFiles(db: DbOrTx, versionId: string, files: Array<{ slot: string; packageId: string }>): Promise<void> {
    await db.delete(versionExpansionFiles).where(eq(versionExpansionFiles.versionId, versionId));
    if (files.length) await db.insert(versionExpansionFiles).values(files.map((f) => ({ versionId, ...f })));
  },
  async current(db: DbOrTx, appId: string): Promise<VersionRow | undefined> {
    const [row] = await db.select().from(appVersions).where(and(eq(appVersions.appId, appId), notSuperseded, inArray(appVersions.releaseState, [...LIVE_STATES])));
    return row;
  },
  /** The version that was on shelf just before the current one: what a rollback returns to. */
  async previousOnShelf(db: DbOrTx, appId: string, exceptId: string): Promise<VersionRow | undefined> {
    const [row] = await db
      .select()
      .from(appVersions)
      .where(and(eq(appVersions.appId, appId), isNotNull(appVersions.supersededAt), eq(appVersions.releaseState, RELEASE_STATE.onShelf), sql`${appVersions.id} <> ${exceptId}`))
      .orderBy(desc(appVersions.supersededAt), desc(appVersions.id))
      .limit(1);
    return row;
  },
  async update(db: DbOrTx, id: string, set: Partial<typeof appVersions.$inferInsert>): Promise<VersionRow> {
    const [row] = await db.update(appVersions).set(set).where(eq(appVersions.id, id)).returning();
    return row!;
  },
  /** The app's age on its versions still being edited (those submitted or released keep theirs). */
  async setEditableAge(db: DbOrTx, appId: string, ageRating: string): Promise<void> {
    await db.update(appVersions).set({ ageRating }).where(and(eq(appVersions.appId, appId), inArray(appVersions.releaseState, [...EDITABLE_STATES])));
  },
  /** The update, if the row's state, pending rollback and supersession are still as read; else nothing. */
  async updateIfUnchanged(db: DbOrTx, read: VersionRow, set: Partial<typeof appVersions.$inferInsert>): Promise<VersionRow | undefined> {
    const [row] = await db
      .update(appVersions)
      .set(set)
      .where(and(eq(appVersions.id, read.id), eq(appVersions.releaseState, read.releaseState), eq(appVersions.rollbackPending, read.rollbackPending), isNull(appVersions.supersededAt)))
      .returning();
    return row;
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(versionListings).where(eq(versionListings.versionId, id));
    await db.delete(versionExpansionFiles).where(eq(versionExpansionFiles.versionId, id));
    await db.delete(phasedReleases).where(eq(phasedReleases.versionId, id));
    await db.delete(appVersions).where(eq(appVersions.id, id));
  },
  /**
   * The app's versions with their listings, expansion files and phased releases, and its
   * open review tasks withdrawn (decided ones stay as records): writes the app's deleting
   * statement runs as its parts. Each sees the versions as they were before it.
   */
  removingApp(db: DbOrTx, appId: string | Placeholder, now: Date | Placeholder): SQLWrapper[] {
    const ofApp = db.select({ id: appVersions.id }).from(appVersions).where(eq(appVersions.appId, appId));
    return [
      db.delete(versionListings).where(inArray(versionListings.versionId, ofApp)),
      db.delete(versionExpansionFiles).where(inArray(versionExpansionFiles.versionId, ofApp)),
      db.delete(phasedReleases).where(inArray(phasedReleases.versionId, ofApp)),
      db.delete(appVersions).where(eq(appVersions.appId, appId)),
      db.update(reviewTasks).set({ state: 'withdrawn', decidedAt: sql`${now}::timestamptz` }).where(and(eq(reviewTasks.appId, appId), eq(reviewTasks.state, 'open'))),
    ];
  },
  async page(db: DbOrTx, appId: string, opts: { onlyReleased: boolean }, limit: number, before?: Position): Promise<VersionRow[]> {
    const c: SQL[] = [eq(appVersions.appId, appId)];
    const at = opts.onlyReleased ? appVersions.onShelfAt : appVersions.createdAt;
    if (opts.onlyReleased) c.push(isNotNull(appVersions.onShelfAt));
    const seek = pastCursor(at, appVersions.id, before);
    if (seek) c.push(seek);
    return db.select().from(appVersions).where(and(...c)).orderBy(desc(at), desc(appVersions.id)).limit(limit);
  },
  /** How many of the team's apps (those given, when limited) have a version in each state now. */
  async appsByState(db: DbOrTx, teamId: string, only: readonly string[] | null): Promise<Array<{ state: number; apps: number }>> {
    const c: SQL[] = [eq(appVersions.teamId, teamId), notSuperseded];
    if (only) c.push(only.length ? inArray(appVersions.appId, [...only]) : sql`false`);
    return db
      .select({ state: appVersions.releaseState, apps: sql<number>`count(distinct ${appVersions.appId})::int` })
      .from(appVersions)
      .where(and(...c))
      .groupBy(appVersions.releaseState);
  },
  /** Current versions of every app (on shelf, shelf-off requested), oldest release first, after a position. */
  /** Every app's version on shelf now, by when it went on shelf. */
  async currentPage(db: DbOrTx, limit: number, after?: Position, order: KeysetOrder = 'oldestFirst'): Promise<VersionRow[]> {
    const c: SQL[] = [notSuperseded, inArray(appVersions.releaseState, [...LIVE_STATES]), isNotNull(appVersions.onShelfAt)];
    const seek = pastCursor(appVersions.onShelfAt, appVersions.id, after, order);
    if (seek) c.push(seek);
    return db.select().from(appVersions).where(and(...c)).orderBy(...keysetOrder(appVersions.onShelfAt, appVersions.id, order)).limit(limit);
  },
  async count(db: DbOrTx, appId: string, opts: { onlyReleased: boolean }): Promise<number> {
    const c: SQL[] = [eq(appVersions.appId, appId)];
    if (opts.onlyReleased) c.push(isNotNull(appVersions.onShelfAt));
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(appVersions).where(and(...c));
    return row?.n ?? 0;
  },

  async listings(db: DbOrTx, versionIds: string[]): Promise<ListingRow[]> {
    if (!versionIds.length) return [];
    return db.select().from(versionListings).where(inArray(versionListings.versionId, versionIds)).orderBy(asc(versionListings.language));
  },
  async upsertListing(db: DbOrTx, row: typeof versionListings.$inferInsert): Promise<void> {
    const { versionId: _v, language: _l, ...set } = row;
    await db.insert(versionListings).values(row).onConflictDoUpdate({ target: [versionListings.versionId, versionListings.language], set });
  },
  /**
   * Writes the fields of a listing that an edit gives, keeping the others, in one statement
   * (no read first: a write holding the version's lock waits on no round trip it can skip).
   */
  async mergeListing(db: DbOrTx, versionId: string, edit: ListingEdit, updatedAt: Date): Promise<void> {
    const { language, ...fields } = edit;
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<typeof versionListings.$inferInsert>;
    const blank = { name: '', brief: '', description: '', newFeatures: '', iconObjectId: null, screenshotObjectIds: [], videoObjectIds: [] };
    await db
      .insert(versionListings)
      .values({ ...blank, ...given, versionId, language, updatedAt })
      .onConflictDoUpdate({ target: [versionListings.versionId, versionListings.language], set: { ...given, updatedAt } });
  },
  async removeListing(db: DbOrTx, versionId: string, language: string): Promise<boolean> {
    const rows = await db.delete(versionListings).where(and(eq(versionListings.versionId, versionId), eq(versionListings.language, language))).returning({ l: versionListings.language });
    return rows.length > 0;
  },

  /** Events in the order given (their seq follows it), with the statements of `also` (their audit events) in the same one. */
  async addEvents(db: DbOrTx, rows: Array<typeof versionEvents.$inferInsert>, also: WithSubquery[] = []): Promise<void> {
    if (rows.length) await db.with(...also).insert(versionEvents).values(rows);
  },
  async events(db: DbOrTx, versionId: string): Promise<EventRow[]> {
    return db.select().from(versionEvents).where(eq(versionEvents.versionId, versionId)).orderBy(asc(versionEvents.at), asc(versionEvents.seq));
  },

  async byIds(db: DbOrTx, appId: string, ids: string[]): Promise<VersionRow[]> {
    if (!ids.length) return [];
    return db.select().from(appVersions).where(and(eq(appVersions.appId, appId), inArray(appVersions.id, ids)));
  },

  async phase(db: DbOrTx, versionId: string): Promise<PhaseRow | undefined> {
    const [row] = await db.select().from(phasedReleases).where(eq(phasedReleases.versionId, versionId));
    return row;
  },
  async insertPhase(db: DbOrTx, row: typeof phasedReleases.$inferInsert): Promise<PhaseRow> {
    const [created] = await db.insert(phasedReleases).values(row).returning();
    return created!;
  },
  async updatePhase(db: DbOrTx, versionId: string, set: Partial<typeof phasedReleases.$inferInsert>): Promise<PhaseRow> {
    const [row] = await db.update(phasedReleases).set(set).where(eq(phasedReleases.versionId, versionId)).returning();
    return row!;
  },
  /** An app's versions released in phases, with their phase events in order (for analytics' adoption curve). */
  async appPhases(db: DbOrTx, appId: string): Promise<Array<{ versionId: string; versionName: string | null; events: EventRow[] }>> {
    const versions = await db
      .select({ versionId: phasedReleases.versionId, versionName: appVersions.versionName })
      .from(phasedReleases)
      .innerJoin(appVersions, eq(appVersions.id, phasedReleases.versionId))
      .where(eq(phasedReleases.appId, appId))
      .orderBy(asc(phasedReleases.createdAt));
    if (!versions.length) return [];
    const events = await db
      .select()
      .from(versionEvents)
      .where(and(eq(versionEvents.appId, appId), like(versionEvents.action, 'phased.%')))
      .orderBy(asc(versionEvents.at), asc(versionEvents.seq));
    return versions.map((v) => ({ ...v, events: events.filter((e) => e.versionId === v.versionId) }));
  },
  async phaseEvents(db: DbOrTx, versionId: string): Promise<EventRow[]> {
    return db
      .select()
      .from(versionEvents)
      .where(and(eq(versionEvents.versionId, versionId), like(versionEvents.action, 'phased.%')))
      .orderBy(asc(versionEvents.at), asc(versionEvents.seq));
  },
  /** Hands an app's versions and review tasks to another team; returns the files its listings use. */
  async moveApp(db: DbOrTx, appId: string, teamId: string): Promise<string[]> {
    const moved = await db.update(appVersions).set({ teamId }).where(eq(appVersions.appId, appId)).returning({ id: appVersions.id });
    await reviewTasksRepo.moveApp(db, appId, teamId);
    const listings = await versionsRepo.listings(db, moved.map((v) => v.id));
    return [...new Set(listings.flatMap((l) => [...(l.iconObjectId ? [l.iconObjectId] : []), ...l.screenshotObjectIds, ...l.videoObjectIds]))];
  },
};
