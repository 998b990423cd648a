import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { CloudDbObjectType } from '@wharf/rules';
import type { DbOrTx } from '../../platform/db/types';
import { rowsOf } from './document-sql';
import { ident, literal, qualified, schemaOf, tableOf } from './physical';
import { cloudDbObjectTypes, cloudDbZones } from './tables';

export type ObjectTypeRow = typeof cloudDbObjectTypes.$inferSelect;
export type ZoneRow = typeof cloudDbZones.$inferSelect;

/** Past this many rows PostgreSQL's estimate is shown instead of a count, which would read every row. */
const EXACT_BELOW = 10_000;


export const cloudDbRepo = {
  /** Schema and zone changes of one project take turns: each sees the tables the one before left. */
  async lockProject(tx: DbOrTx, projectId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cloud-db:${projectId}`}))`);
  },

  listTypes: (db: DbOrTx, projectId: string) =>
    db.select().from(cloudDbObjectTypes).where(eq(cloudDbObjectTypes.projectId, projectId)).orderBy(asc(cloudDbObjectTypes.key)),

  async getType(db: DbOrTx, projectId: string, key: string): Promise<ObjectTypeRow | null> {
    const [row] = await db.select().from(cloudDbObjectTypes).where(and(eq(cloudDbObjectTypes.projectId, projectId), eq(cloudDbObjectTypes.key, key))).limit(1);
    return row ?? null;
  },

  countTypes: async (db: DbOrTx, projectId: string): Promise<number> =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(cloudDbObjectTypes).where(eq(cloudDbObjectTypes.projectId, projectId)))[0]?.n ?? 0,

  insertType: async (tx: DbOrTx, row: ObjectTypeRow) => {
    await tx.insert(cloudDbObjectTypes).values(row);
  },

  updateType: async (tx: DbOrTx, projectId: string, key: string, set: Pick<ObjectTypeRow, 'definition' | 'revision' | 'updatedAt'> & Partial<Pick<ObjectTypeRow, 'rules'>>) => {
    await tx.update(cloudDbObjectTypes).set(set).where(and(eq(cloudDbObjectTypes.projectId, projectId), eq(cloudDbObjectTypes.key, key)));
  },

  deleteType: async (tx: DbOrTx, projectId: string, key: string) => {
    await tx.delete(cloudDbObjectTypes).where(and(eq(cloudDbObjectTypes.projectId, projectId), eq(cloudDbObjectTypes.key, key)));
  },

  listZones: (db: DbOrTx, projectId: string) => db.select().from(cloudDbZones).where(eq(cloudDbZones.projectId, projectId)).orderBy(asc(cloudDbZones.createdAt), asc(cloudDbZones.key)),

  async getZone(db: DbOrTx, projectId: string, key: string): Promise<ZoneRow | null> {
    const [row] = await db.select().from(cloudDbZones).where(and(eq(cloudDbZones.projectId, projectId), eq(cloudDbZones.key, key))).limit(1);
    return row ?? null;
  },

  /** Every zone of every project that keeps documents for a limited time. */
  zonesWithRetention: (db: DbOrTx) => db.select().from(cloudDbZones).where(isNotNull(cloudDbZones.retentionDays)),

  insertZone: async (tx: DbOrTx, row: ZoneRow) => {
    await tx.insert(cloudDbZones).values(row);
  },

  setRetention: async (tx: DbOrTx, projectId: string, key: string, retentionDays: number | null) => {
    await tx.update(cloudDbZones).set({ retentionDays }).where(and(eq(cloudDbZones.projectId, projectId), eq(cloudDbZones.key, key)));
  },

  deleteZone: async (tx: DbOrTx, projectId: string, key: string) => {
    await tx.delete(cloudDbZones).where(and(eq(cloudDbZones.projectId, projectId), eq(cloudDbZones.key, key)));
  },

  /** Documents of a type (counted below 10,000, PostgreSQL's estimate above) and the bytes its partitions take. */
  async usage(db: DbOrTx, projectId: string, type: CloudDbObjectType): Promise<{ rows: number; bytes: number }> {
    const parent = `${schemaOf(projectId)}.${tableOf(type)}`;
    const [est] = rowsOf<{ rows: number; bytes: number }>(
      await db.execute(sql`
        select coalesce(sum(greatest(c.reltuples, 0)), 0)::float8 as rows, coalesce(sum(pg_total_relation_size(c.oid)), 0)::float8 as bytes
        from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass(${parent})`),
    );
    let rows = Math.round(est?.rows ?? 0);
    if (rows < EXACT_BELOW) {
      const [exact] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${qualified(projectId, tableOf(type))}`)));
      rows = exact?.n ?? 0;
    }
    return { rows, bytes: Math.round(est?.bytes ?? 0) };
  },

  /** Documents in one zone of every type given (what deleting the zone would lose). */
  async countInZone(db: DbOrTx, projectId: string, types: readonly CloudDbObjectType[], partition: string): Promise<number> {
    let n = 0;
    for (const t of types) {
      const [r] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${qualified(projectId, tableOf(t))} where ${ident('_zone')} = ${literal(partition)}`)));
      n += r?.n ?? 0;
    }
    return n;
  },
};
