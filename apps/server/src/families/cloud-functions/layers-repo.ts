import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { cloudFunctions, cloudFunctionVersions, functionLayers, functionLayerVersions, type LayerRef } from './tables';

export type LayerRow = typeof functionLayers.$inferSelect;
export type LayerVersionRow = typeof functionLayerVersions.$inferSelect;

/** The only reader and writer of the layers' tables. */
export const layersRepo = {
  async list(db: DbOrTx, projectId: string): Promise<(LayerRow & { versions: number; latestState: LayerVersionRow['state'] | null; latestVersion: number | null; ready: number[] })[]> {
    const latest = db
      .select({
        layerId: functionLayerVersions.layerId,
        n: sql<number>`count(*)::int`.as('n'),
        top: sql<number>`max(${functionLayerVersions.version})`.as('top'),
        ready: sql<number[]>`coalesce(json_agg(${functionLayerVersions.version} order by ${functionLayerVersions.version} desc) filter (where ${functionLayerVersions.state} = 'ready'), '[]'::json)`.as('ready'),
      })
      .from(functionLayerVersions)
      .groupBy(functionLayerVersions.layerId)
      .as('latest');
    const rows = await db
      .select({ layer: functionLayers, versions: latest.n, top: latest.top, ready: latest.ready, state: functionLayerVersions.state })
      .from(functionLayers)
      .innerJoin(latest, eq(latest.layerId, functionLayers.id))
      .innerJoin(functionLayerVersions, and(eq(functionLayerVersions.layerId, functionLayers.id), eq(functionLayerVersions.version, latest.top)))
      .where(eq(functionLayers.projectId, projectId))
      .orderBy(functionLayers.name);
    return rows.map((r) => ({ ...r.layer, versions: r.versions, latestState: r.state, latestVersion: r.top, ready: typeof r.ready === 'string' ? (JSON.parse(r.ready) as number[]) : r.ready }));
  },
  async byName(db: DbOrTx, projectId: string, name: string, lock = false): Promise<LayerRow | undefined> {
    const q = db.select().from(functionLayers).where(and(eq(functionLayers.projectId, projectId), eq(functionLayers.name, name)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async names(db: DbOrTx, projectId: string): Promise<Map<string, string>> {
    const rows = await db.select({ id: functionLayers.id, name: functionLayers.name }).from(functionLayers).where(eq(functionLayers.projectId, projectId));
    return new Map(rows.map((r) => [r.id, r.name]));
  },
  async count(db: DbOrTx, projectId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(functionLayers).where(eq(functionLayers.projectId, projectId));
    return row?.n ?? 0;
  },
  /** The layer of that name, made when it is new, locked for its next version. */
  async upsert(db: DbOrTx, projectId: string, name: string, now: Date): Promise<LayerRow> {
    await db.insert(functionLayers).values({ projectId, name, createdAt: now, updatedAt: now }).onConflictDoNothing();
    return (await layersRepo.byName(db, projectId, name, true))!;
  },
  async touch(db: DbOrTx, id: string, change: Partial<LayerRow>): Promise<void> {
    await db.update(functionLayers).set(change).where(eq(functionLayers.id, id));
  },
  async removeLayer(db: DbOrTx, id: string): Promise<void> {
    await db.delete(functionLayers).where(eq(functionLayers.id, id));
  },

  async versions(db: DbOrTx, layerId: string): Promise<LayerVersionRow[]> {
    return db.select().from(functionLayerVersions).where(eq(functionLayerVersions.layerId, layerId)).orderBy(desc(functionLayerVersions.version));
  },
  async version(db: DbOrTx, layerId: string, version: number, lock = false): Promise<LayerVersionRow | undefined> {
    const q = db.select().from(functionLayerVersions).where(and(eq(functionLayerVersions.layerId, layerId), eq(functionLayerVersions.version, version)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  /** The ready versions a function's layers name, with their zips: what its code runs with. */
  async ready(db: DbOrTx, refs: LayerRef[]): Promise<LayerVersionRow[]> {
    const rows = await Promise.all(refs.map((r) => layersRepo.version(db, r.layerId, r.version)));
    return rows.filter((r): r is LayerVersionRow => r?.state === 'ready');
  },
  async insertVersion(db: DbOrTx, row: typeof functionLayerVersions.$inferInsert): Promise<LayerVersionRow> {
    const [created] = await db.insert(functionLayerVersions).values(row).returning();
    return created!;
  },
  /** Ends a build still building (a deleted version, or one another attempt ended, stays as it is). */
  async finishBuild(db: DbOrTx, layerId: string, version: number, change: Partial<LayerVersionRow>): Promise<LayerVersionRow | undefined> {
    const [row] = await db
      .update(functionLayerVersions)
      .set(change)
      .where(and(eq(functionLayerVersions.layerId, layerId), eq(functionLayerVersions.version, version), eq(functionLayerVersions.state, 'building')))
      .returning();
    return row;
  },
  async projectOf(db: DbOrTx, layerId: string): Promise<string | undefined> {
    const [row] = await db.select({ projectId: functionLayers.projectId }).from(functionLayers).where(eq(functionLayers.id, layerId));
    return row?.projectId;
  },
  async removeVersion(db: DbOrTx, layerId: string, version: number): Promise<void> {
    await db.delete(functionLayerVersions).where(and(eq(functionLayerVersions.layerId, layerId), eq(functionLayerVersions.version, version)));
  },
  /** Whether another version (of any layer) still keeps this zip. */
  async archiveShared(db: DbOrTx, archiveKey: string): Promise<boolean> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(functionLayerVersions).where(eq(functionLayerVersions.archiveKey, archiveKey));
    return (row?.n ?? 0) > 0;
  },

  /** Functions whose `$latest` or a version runs with a layer (any version of it, or the one given). */
  async usedBy(db: DbOrTx, projectId: string, layerId: string, version?: number): Promise<{ functionName: string; qualifier: string; version: number }[]> {
    const match = (column: typeof cloudFunctions.layers | typeof cloudFunctionVersions.layers) =>
      version === undefined
        ? sql`${column} @> ${JSON.stringify([{ layerId }])}::jsonb`
        : sql`${column} @> ${JSON.stringify([{ layerId, version }])}::jsonb`;
    const latest = await db.select({ name: cloudFunctions.name, layers: cloudFunctions.layers }).from(cloudFunctions).where(and(eq(cloudFunctions.projectId, projectId), match(cloudFunctions.layers)));
    const versions = await db
      .select({ name: cloudFunctions.name, version: cloudFunctionVersions.version, layers: cloudFunctionVersions.layers })
      .from(cloudFunctionVersions)
      .innerJoin(cloudFunctions, eq(cloudFunctions.id, cloudFunctionVersions.functionId))
      .where(and(eq(cloudFunctions.projectId, projectId), match(cloudFunctionVersions.layers)));
    const which = (layers: LayerRef[]) => layers.find((l) => l.layerId === layerId)!.version;
    return [
      ...latest.map((f) => ({ functionName: f.name, qualifier: '$latest', version: which(f.layers) })),
      ...versions.map((v) => ({ functionName: v.name, qualifier: String(v.version), version: which(v.layers) })),
    ];
  },
};
