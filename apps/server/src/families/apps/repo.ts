import { and, desc, eq, ilike, inArray, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SQLWrapper } from 'drizzle-orm';
import { recordedQuery } from '../../platform/db/recorded';
import { auditsWithIfFrom } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import { likeContains } from '../../platform/db/like';
import { apps, appSeriesMembers } from './tables';
import { pastCursor } from '../../platform/db/keyset';
import { preparedStatement, type Preparable, type Slots } from '../../platform/db/prepared';

export type AppRow = typeof apps.$inferSelect;

export interface AppFilter {
  search?: string | undefined;
  platform?: string | undefined;
  category?: string | undefined;
  projectId?: string | undefined;
  /** App administrators see only their apps. */
  only?: readonly string[] | null;
}

function conditions(teamId: string, f: AppFilter): SQL[] {
  const c: SQL[] = [eq(apps.teamId, teamId)];
  if (f.search) {
    const like = likeContains(f.search);
    c.push(or(ilike(apps.name, like), ilike(apps.packageName, like))!);
  }
  if (f.platform) c.push(eq(apps.platform, f.platform));
  if (f.category) c.push(eq(apps.category, f.category));
  if (f.projectId) c.push(eq(apps.projectId, f.projectId));
  if (f.only) c.push(f.only.length ? inArray(apps.id, [...f.only]) : sql`false`);
  return c;
}

/** Every `app:` call's authorisation reads this: built once (platform/db/prepared.ts). */
const appById = preparedStatement('apps_by_id', (db, slot: Slots<'teamId' | 'id'>) => db.select().from(apps).where(and(eq(apps.teamId, slot.teamId), eq(apps.id, slot.id))));

/** The app list's first page without filters, what the console opens on: built once. */
// Every create and rename checks these.
const appByPackage = preparedStatement('apps_by_package', (db, slot: Slots<'platform' | 'packageName'>) =>
  db.select().from(apps).where(and(eq(apps.platform, slot.platform), eq(apps.packageName, slot.packageName))),
);
// `listed` written as itself (a `listed = $1` would not prove apps_listed_name's predicate)
// and the exception as one expression, so the plan PostgreSQL keeps serves every call.
const listedNamed = preparedStatement('apps_listed_named', (db, slot: Slots<'name' | 'exceptId'>) =>
  db
    .select({ id: apps.id })
    .from(apps)
    .where(and(sql`${apps.listed}`, sql`lower(${apps.name}) = lower(${slot.name})`, sql`${apps.id} is distinct from ${slot.exceptId}::uuid`))
    .limit(1),
);
const teamFirstPage = preparedStatement('apps_team_first_page', (db, slot: Slots<'teamId' | 'limit'>) =>
  db.select().from(apps).where(eq(apps.teamId, slot.teamId)).orderBy(desc(apps.createdAt), desc(apps.id)).limit(slot.limit),
);

/** What an app's edit (`appsRepo.editing`) changes: undefined leaves a column as it is. */
export interface AppEdit {
  name?: string | undefined;
  /** A new name, refused (no row changed) when a listed app other than this one has it in any case. */
  checkName?: string | undefined;
  names?: Record<string, string> | undefined;
  kindId?: string | null | undefined;
  developerWebsite?: string | null | undefined;
  supportEmail?: string | null | undefined;
  supportPhone?: string | null | undefined;
  updatedAt: Date;
}

export type EditSlot = 'id' | 'name' | 'checkName' | 'names' | 'setKind' | 'kindId' | 'setWebsite' | 'website' | 'setEmail' | 'email' | 'setPhone' | 'phone' | 'updatedAt' | 'audits';

/** A new app's values in its creating statement (`appsRepo.inserting`). */
export type NewAppSlot = 'appId' | 'teamId' | 'projectId' | 'platform' | 'name' | 'names' | 'packageName' | 'category' | 'defaultLanguage' | 'at';

export const appsRepo = {
  /**
   * A new app, not yet run, to be prepared once by its caller (every value a slot), with
   * its audit events (`slot.audits`, `auditRowsJson`'s text) and the other writes of its
   * creation (`also`) in one statement; `notices` are sent once it commits.
   */
  inserting(db: DbOrTx, slot: Slots<NewAppSlot | 'audits'>, also: SQLWrapper[], notices: ReadonlyArray<SQL | null>): Preparable<AppRow[]> {
    const parts = also.map((write, i) => db.$with(`creating_${i}`, {}).as(write.getSQL()));
    const row = { id: slot.appId, teamId: slot.teamId, projectId: slot.projectId, platform: slot.platform, name: slot.name, names: slot.names, packageName: slot.packageName, category: slot.category, defaultLanguage: slot.defaultLanguage, createdAt: slot.at, updatedAt: slot.at };
    return recordedQuery(db, db.insert(apps).values(row).returning(), (changed) => [auditsWithIfFrom(db, slot.audits, changed), ...parts], notices);
  },
  async byId(db: DbOrTx, teamId: string, id: string): Promise<AppRow | undefined> {
    const [row] = await appById(db, { teamId, id });
    return row;
  },
  /** Apps by id whatever their team, for reviewers' queues (a task keeps its app across moves). */
  async byIdsAnyTeam(db: DbOrTx, ids: string[]): Promise<AppRow[]> {
    if (!ids.length) return [];
    return db.select().from(apps).where(inArray(apps.id, [...new Set(ids)]));
  },
  /** Every app of the team by package name: what the Connect API's appid-list looks up. */
  async packageNamesOfTeam(db: DbOrTx, teamId: string): Promise<Array<{ appId: string; packageName: string; projectId: string }>> {
    return db.select({ appId: apps.id, packageName: apps.packageName, projectId: apps.projectId }).from(apps).where(eq(apps.teamId, teamId));
  },
  async byPackage(db: DbOrTx, platform: string, packageName: string): Promise<AppRow | undefined> {
    const [row] = await appByPackage(db, { platform, packageName });
    return row;
  },
  /** Whether a listed app other than `exceptId` has this name, in any case. */
  async nameTaken(db: DbOrTx, name: string, exceptId?: string): Promise<boolean> {
    return (await listedNamed(db, { name, exceptId: exceptId ?? null })).length > 0;
  },
  async page(db: DbOrTx, teamId: string, f: AppFilter, limit: number, before?: { at: Date; id: string }): Promise<AppRow[]> {
    if (!before && !f.search && !f.platform && !f.category && !f.projectId && !f.only) return teamFirstPage(db, { teamId, limit });
    const c = conditions(teamId, f);
    const seek = pastCursor(apps.createdAt, apps.id, before);
    if (seek) c.push(seek);
    return db.select().from(apps).where(and(...c)).orderBy(desc(apps.createdAt), desc(apps.id)).limit(limit);
  },
  /** Every team's apps, for operators. */
  async platformPage(db: DbOrTx, f: { search?: string | undefined; platform?: string | undefined }, limit: number, before?: { at: Date; id: string }) {
    const c: SQL[] = [];
    if (f.search) {
      const like = likeContains(f.search);
      c.push(or(ilike(apps.name, like), ilike(apps.packageName, like))!);
    }
    if (f.platform) c.push(eq(apps.platform, f.platform));
    const seek = pastCursor(apps.createdAt, apps.id, before);
    if (seek) c.push(seek);
    return db
      .select()
      .from(apps)
      .where(c.length ? and(...c) : undefined)
      .orderBy(desc(apps.createdAt), desc(apps.id))
      .limit(limit);
  },
  async count(db: DbOrTx, teamId: string, f: AppFilter): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(apps).where(and(...conditions(teamId, f)));
    return row?.n ?? 0;
  },
  async countInProject(db: DbOrTx, projectId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(apps).where(eq(apps.projectId, projectId));
    return row?.n ?? 0;
  },
  async update(db: DbOrTx, id: string, set: Partial<typeof apps.$inferInsert>): Promise<AppRow> {
    const [row] = await db.update(apps).set(set).where(eq(apps.id, id)).returning();
    return row!;
  },
  /**
   * The console's edit of an app as one statement, not yet run, to be prepared once by its
   * caller (docs/performance.md): the fields given (`editValues`), names merged into the
   * row's own (a concurrent edit's languages stay), a new name checked against listed apps,
   * and the audit events (`auditRowsJson`) written only if the app changed; `notices` are
   * sent once it commits, if it changed the app. No row: no such app, or `checkName` is a
   * listed app's name.
   */
  editing(db: DbOrTx, slot: Slots<EditSlot>, notices: ReadonlyArray<SQL | null>): Preparable<AppRow[]> {
    // Every shape of edit is this one statement: a flag per optional column says whether it is set.
    const chosen = (set: Placeholder, value: Placeholder, column: AnyPgColumn) => sql`case when ${set}::boolean then ${value}::text else ${column} end`;
    const write = db
      .update(apps)
      .set({
        name: sql`coalesce(${slot.name}::text, ${apps.name})`,
        names: sql`${apps.names} || coalesce(${slot.names}::jsonb, '{}'::jsonb)`,
        kindId: chosen(slot.setKind, slot.kindId, apps.kindId),
        developerWebsite: chosen(slot.setWebsite, slot.website, apps.developerWebsite),
        supportEmail: chosen(slot.setEmail, slot.email, apps.supportEmail),
        supportPhone: chosen(slot.setPhone, slot.phone, apps.supportPhone),
        updatedAt: sql`${slot.updatedAt}::timestamptz`,
      })
      .where(
        and(
          eq(apps.id, slot.id),
          sql`(${slot.checkName}::text is null or not exists (select 1 from ${apps} as other where other.listed and lower(other.name) = lower(${slot.checkName}::text) and other.id <> ${slot.id}::uuid))`,
        ),
      )
      .returning();
    return recordedQuery(db, write, (changed) => auditsWithIfFrom(db, slot.audits, changed), notices);
  },
  /** The values of `editing`'s slots for an edit. */
  editValues(id: string, edit: AppEdit, audits: string): Record<EditSlot, unknown> {
    const given = (v: string | null | undefined) => ({ set: v !== undefined, value: v ?? null });
    const [kind, website, email, phone] = [edit.kindId, edit.developerWebsite, edit.supportEmail, edit.supportPhone].map(given);
    return {
      id,
      name: edit.name ?? null,
      checkName: edit.checkName ?? null,
      names: edit.names ? JSON.stringify(edit.names) : null,
      setKind: kind!.set,
      kindId: kind!.value,
      setWebsite: website!.set,
      website: website!.value,
      setEmail: email!.set,
      email: email!.value,
      setPhone: phone!.set,
      phone: phone!.value,
      updatedAt: edit.updatedAt.toISOString(),
      audits,
    };
  },
  /**
   * The app's deletion, not yet run, to be prepared once by its caller (every value a slot):
   * the app leaves its series (a series left with one app is no series: that app leaves
   * too) and goes, with its audit events (`slot.audits`, `auditRowsJson`'s text) and the
   * other families' writes (`also`), in one statement whose parts see the data as it was
   * before. `notices` are sent once if the app was there. Answers the removed app's id.
   */
  removing(db: DbOrTx, slot: Slots<'appId' | 'audits'>, also: SQLWrapper[], notices: ReadonlyArray<SQL | null>): Preparable<Array<{ id: string }>> {
    const left = db.$with('left_series').as(db.delete(appSeriesMembers).where(eq(appSeriesMembers.appId, slot.appId)).returning({ seriesId: appSeriesMembers.seriesId }));
    const lone = db.$with('lone_member').as(
      db
        .delete(appSeriesMembers)
        .where(
          and(
            ne(appSeriesMembers.appId, slot.appId),
            inArray(appSeriesMembers.seriesId, db.select({ seriesId: left.seriesId }).from(left)),
            sql`(select count(*) from ${appSeriesMembers} as members where members.series_id = ${appSeriesMembers.seriesId}) = 2`,
          ),
        )
        .returning({ appId: appSeriesMembers.appId }),
    );
    const parts = also.map((write, i) => db.$with(`removing_${i}`, {}).as(write.getSQL()));
    return recordedQuery(db, db.delete(apps).where(eq(apps.id, slot.appId)).returning({ id: apps.id }), (changed) => [left, lone, auditsWithIfFrom(db, slot.audits, changed), ...parts], notices);
  },
  async seriesOf(db: DbOrTx, appId: string): Promise<string | null> {
    const [row] = await db.select({ seriesId: appSeriesMembers.seriesId }).from(appSeriesMembers).where(eq(appSeriesMembers.appId, appId));
    return row?.seriesId ?? null;
  },
  async seriesMembers(db: DbOrTx, seriesId: string): Promise<AppRow[]> {
    const rows = await db.select({ app: apps }).from(appSeriesMembers).innerJoin(apps, eq(apps.id, appSeriesMembers.appId)).where(eq(appSeriesMembers.seriesId, seriesId)).orderBy(apps.createdAt, apps.id);
    return rows.map((r) => r.app);
  },
  /** Apps of the team like this one (platform, category) that are in no series. */
  async seriesCandidates(db: DbOrTx, app: AppRow, only: readonly string[] | null): Promise<AppRow[]> {
    const c = [
      eq(apps.teamId, app.teamId),
      eq(apps.platform, app.platform),
      eq(apps.category, app.category),
      ne(apps.id, app.id),
      sql`not exists (select 1 from ${appSeriesMembers} where ${appSeriesMembers.appId} = ${apps.id})`,
    ];
    if (only) c.push(only.length ? inArray(apps.id, [...only]) : sql`false`);
    return db.select().from(apps).where(and(...c)).orderBy(apps.createdAt, apps.id).limit(500);
  },
  async joinSeries(db: DbOrTx, rows: Array<typeof appSeriesMembers.$inferInsert>): Promise<void> {
    if (rows.length) await db.insert(appSeriesMembers).values(rows);
  },
  async leaveSeries(db: DbOrTx, appId: string): Promise<void> {
    await db.delete(appSeriesMembers).where(eq(appSeriesMembers.appId, appId));
  },
  /** A series left with one app is no series: its last member leaves too. */
  async dropLoneSeries(db: DbOrTx, seriesId: string): Promise<void> {
    const rows = await db.select({ appId: appSeriesMembers.appId }).from(appSeriesMembers).where(eq(appSeriesMembers.seriesId, seriesId));
    if (rows.length === 1) await db.delete(appSeriesMembers).where(eq(appSeriesMembers.seriesId, seriesId));
  },
};
