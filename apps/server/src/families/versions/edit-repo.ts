import { and, eq, isNull, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import { recorded } from '../../platform/db/recorded';
import type { DbOrTx } from '../../platform/db/types';
import type { ListingEdit, VersionRow } from './repo';
import { appVersions, versionEvents, versionListings } from './tables';

/** A listing's fields by their column names, as `jsonb_populate_record` reads them. */
const COLUMNS: Record<Exclude<keyof ListingEdit, 'language'>, string> = {
  name: 'name',
  brief: 'brief',
  description: 'description',
  newFeatures: 'new_features',
  iconObjectId: 'icon_object_id',
  screenshotObjectIds: 'screenshot_object_ids',
  videoObjectIds: 'video_object_ids',
};
const BLANK = { name: '', brief: '', description: '', new_features: '', icon_object_id: null, screenshot_object_ids: [], video_object_ids: [] };

/** One listing merged (fields left out stay as they are), only if the version's update matched. */
function listingMerge(db: DbOrTx, index: number, versionId: string, edit: ListingEdit, updatedAt: Date, changed: string): WithSubquery {
  const { language, ...fields } = edit;
  const given = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [COLUMNS[k as keyof typeof COLUMNS], v] as const);
  const row = { ...BLANK, ...Object.fromEntries(given), version_id: versionId, language, updated_at: updatedAt.toISOString() };
  const set: SQL[] = [...given.map(([c]) => sql`${sql.identifier(c)} = excluded.${sql.identifier(c)}`), sql`updated_at = excluded.updated_at`];
  return db.$with(`listing_${index}`, { versionId: versionListings.versionId }).as(
    sql`insert into ${versionListings} (version_id, language, name, brief, description, new_features, icon_object_id, screenshot_object_ids, video_object_ids, updated_at)
      select r.version_id, r.language, r.name, r.brief, r.description, r.new_features, r.icon_object_id, r.screenshot_object_ids, r.video_object_ids, r.updated_at
      from jsonb_populate_record(null::version_listings, ${JSON.stringify(row)}::jsonb) as r
      where exists (select 1 from ${sql.identifier(changed)})
      on conflict (version_id, language) do update set ${sql.join(set, sql`, `)}
      returning version_id`,
  );
}

/**
 * An edit written in one statement (docs/performance.md, "One draft's writes"): the version
 * updated if it is still in the state it was read in, its listings merged, and its records
 * (`records`: CTEs that read `changed`, the history and audit events) written, all only if
 * the update matched. No transaction, so the row is locked for this statement alone.
 * Undefined when the version changed since it was read: then nothing was written.
 */
export async function editIfUnchanged(
  db: DbOrTx,
  read: VersionRow,
  set: Partial<typeof appVersions.$inferInsert>,
  listings: ListingEdit[],
  updatedAt: Date,
  records: (changed: string) => WithSubquery[],
): Promise<VersionRow | undefined> {
  const update = db
    .update(appVersions)
    .set(set)
    .where(and(eq(appVersions.id, read.id), eq(appVersions.releaseState, read.releaseState), eq(appVersions.rollbackPending, read.rollbackPending), isNull(appVersions.supersededAt)))
    .returning();
  const [row] = await recorded(db, update, (changed) => [...listings.map((l, i) => listingMerge(db, i, read.id, l, updatedAt, changed)), ...records(changed)]);
  return row;
}

/** History events written by the change's statement, only if it touched a row (`changed`), in the order given. */
export function eventsWithIf(db: DbOrTx, rows: Array<typeof versionEvents.$inferInsert & { at: Date }>, changed: string): WithSubquery {
  const json = rows.map((r) => ({ version_id: r.versionId, app_id: r.appId, action: r.action, from_state: r.fromState ?? null, to_state: r.toState ?? null, actor_kind: r.actorKind, actor_id: r.actorId ?? null, at: r.at.toISOString(), data: r.data ?? {} }));
  return db.$with('events_written', { id: versionEvents.id }).as(
    sql`insert into ${versionEvents} (version_id, app_id, action, from_state, to_state, actor_kind, actor_id, at, data)
      select r.version_id, r.app_id, r.action, r.from_state, r.to_state, r.actor_kind, r.actor_id, r.at, r.data
      from jsonb_populate_recordset(null::version_events, ${JSON.stringify(json)}::jsonb) with ordinality as r
      where exists (select 1 from ${sql.identifier(changed)}) order by r.ordinality returning id`,
  );
}
