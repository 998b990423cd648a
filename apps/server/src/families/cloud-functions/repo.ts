import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import type { Position } from '../../platform/http/cursor';
import { cloudFunctionAliases, cloudFunctionCode, cloudFunctions, cloudFunctionVersions } from './tables';
import { pastCursor } from '../../platform/db/keyset';

export type FunctionRow = typeof cloudFunctions.$inferSelect;
export type VersionRow = typeof cloudFunctionVersions.$inferSelect;
export type AliasRow = typeof cloudFunctionAliases.$inferSelect;
export type CodeRow = typeof cloudFunctionCode.$inferSelect;
export interface CodeMeta {
  size: number;
  entry: string;
  source: 'inline' | 'zip';
}

/** The only reader and writer of the family's tables. */
export const cloudFunctionsRepo = {
  async page(db: DbOrTx, projectId: string, limit: number, before?: Position): Promise<FunctionRow[]> {
    const seek = pastCursor(cloudFunctions.createdAt, cloudFunctions.id, before);
    return db
      .select()
      .from(cloudFunctions)
      .where(and(eq(cloudFunctions.projectId, projectId), seek))
      .orderBy(desc(cloudFunctions.createdAt), desc(cloudFunctions.id))
      .limit(limit);
  },
  async count(db: DbOrTx, projectId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cloudFunctions).where(eq(cloudFunctions.projectId, projectId));
    return row?.n ?? 0;
  },
  async get(db: DbOrTx, projectId: string, id: string, lock = false): Promise<FunctionRow | undefined> {
    const q = db.select().from(cloudFunctions).where(and(eq(cloudFunctions.projectId, projectId), eq(cloudFunctions.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async byId(db: DbOrTx, id: string): Promise<FunctionRow | undefined> {
    const [row] = await db.select().from(cloudFunctions).where(eq(cloudFunctions.id, id));
    return row;
  },
  async byName(db: DbOrTx, projectId: string, name: string): Promise<FunctionRow | undefined> {
    const [row] = await db.select().from(cloudFunctions).where(and(eq(cloudFunctions.projectId, projectId), eq(cloudFunctions.name, name)));
    return row;
  },
  /** Undefined when the project already has one of that name. */
  async insert(db: DbOrTx, row: typeof cloudFunctions.$inferInsert): Promise<FunctionRow | undefined> {
    const [created] = await db.insert(cloudFunctions).values(row).onConflictDoNothing().returning();
    return created;
  },
  async update(db: DbOrTx, id: string, change: Partial<typeof cloudFunctions.$inferInsert>): Promise<FunctionRow> {
    const [row] = await db.update(cloudFunctions).set(change).where(eq(cloudFunctions.id, id)).returning();
    return row!;
  },
  async remove(db: DbOrTx, projectId: string, id: string): Promise<FunctionRow | undefined> {
    const [gone] = await db.delete(cloudFunctions).where(and(eq(cloudFunctions.projectId, projectId), eq(cloudFunctions.id, id))).returning();
    return gone;
  },

  async putCode(db: DbOrTx, row: typeof cloudFunctionCode.$inferInsert): Promise<void> {
    await db.insert(cloudFunctionCode).values(row).onConflictDoNothing();
  },
  async code(db: DbOrTx, functionId: string, sha256: string): Promise<CodeRow | undefined> {
    const [row] = await db.select().from(cloudFunctionCode).where(and(eq(cloudFunctionCode.functionId, functionId), eq(cloudFunctionCode.sha256, sha256)));
    return row;
  },
  /** Size, entry and source of each function's code, by `functionId:sha256`. */
  async codeMeta(db: DbOrTx, functionIds: string[]): Promise<Map<string, CodeMeta>> {
    if (functionIds.length === 0) return new Map();
    const rows = await db
      .select({ functionId: cloudFunctionCode.functionId, sha256: cloudFunctionCode.sha256, size: cloudFunctionCode.size, entry: cloudFunctionCode.entry, archiveKey: cloudFunctionCode.archiveKey })
      .from(cloudFunctionCode)
      .where(inArray(cloudFunctionCode.functionId, functionIds));
    return new Map(rows.map((r) => [`${r.functionId}:${r.sha256}`, { size: r.size, entry: r.entry, source: r.archiveKey ? 'zip' : 'inline' }]));
  },
  /** Code neither `$latest` nor a version uses any longer. */
  /** Answers the zips in object storage that went with it. */
  async dropUnusedCode(db: DbOrTx, functionId: string, keep: string): Promise<string[]> {
    const used = db.select({ sha: cloudFunctionVersions.codeSha256 }).from(cloudFunctionVersions).where(eq(cloudFunctionVersions.functionId, functionId));
    const gone = await db
      .delete(cloudFunctionCode)
      .where(and(eq(cloudFunctionCode.functionId, functionId), sql`${cloudFunctionCode.sha256} <> ${keep}`, notInArray(cloudFunctionCode.sha256, used)))
      .returning({ archiveKey: cloudFunctionCode.archiveKey });
    return gone.flatMap((g) => (g.archiveKey ? [g.archiveKey] : []));
  },

  async versions(db: DbOrTx, functionId: string): Promise<VersionRow[]> {
    return db.select().from(cloudFunctionVersions).where(eq(cloudFunctionVersions.functionId, functionId)).orderBy(desc(cloudFunctionVersions.version));
  },
  async version(db: DbOrTx, functionId: string, version: number): Promise<VersionRow | undefined> {
    const [row] = await db.select().from(cloudFunctionVersions).where(and(eq(cloudFunctionVersions.functionId, functionId), eq(cloudFunctionVersions.version, version)));
    return row;
  },
  async insertVersion(db: DbOrTx, row: VersionRow): Promise<VersionRow> {
    const [created] = await db.insert(cloudFunctionVersions).values(row).returning();
    return created!;
  },
  async removeVersion(db: DbOrTx, functionId: string, version: number): Promise<VersionRow | undefined> {
    const [gone] = await db.delete(cloudFunctionVersions).where(and(eq(cloudFunctionVersions.functionId, functionId), eq(cloudFunctionVersions.version, version))).returning();
    return gone;
  },
  async archives(db: DbOrTx, functionId: string): Promise<string[]> {
    const rows = await db.select({ key: cloudFunctionCode.archiveKey }).from(cloudFunctionCode).where(eq(cloudFunctionCode.functionId, functionId));
    return rows.flatMap((r) => (r.key ? [r.key] : []));
  },
  async versionSecrets(db: DbOrTx, functionId: string): Promise<string[]> {
    const rows = await db.select({ id: cloudFunctionVersions.envSecretId }).from(cloudFunctionVersions).where(eq(cloudFunctionVersions.functionId, functionId));
    return rows.flatMap((r) => (r.id ? [r.id] : []));
  },

  async aliases(db: DbOrTx, functionId: string): Promise<AliasRow[]> {
    return db.select().from(cloudFunctionAliases).where(eq(cloudFunctionAliases.functionId, functionId)).orderBy(cloudFunctionAliases.name);
  },
  async alias(db: DbOrTx, functionId: string, name: string): Promise<AliasRow | undefined> {
    const [row] = await db.select().from(cloudFunctionAliases).where(and(eq(cloudFunctionAliases.functionId, functionId), eq(cloudFunctionAliases.name, name)));
    return row;
  },
  /** Undefined when the function already has an alias of that name. */
  async insertAlias(db: DbOrTx, row: AliasRow): Promise<AliasRow | undefined> {
    const [created] = await db.insert(cloudFunctionAliases).values(row).onConflictDoNothing().returning();
    return created;
  },
  async updateAlias(db: DbOrTx, functionId: string, name: string, change: Partial<AliasRow>): Promise<AliasRow | undefined> {
    const [row] = await db.update(cloudFunctionAliases).set(change).where(and(eq(cloudFunctionAliases.functionId, functionId), eq(cloudFunctionAliases.name, name))).returning();
    return row;
  },
  async removeAlias(db: DbOrTx, functionId: string, name: string): Promise<AliasRow | undefined> {
    const [gone] = await db.delete(cloudFunctionAliases).where(and(eq(cloudFunctionAliases.functionId, functionId), eq(cloudFunctionAliases.name, name))).returning();
    return gone;
  },
};
