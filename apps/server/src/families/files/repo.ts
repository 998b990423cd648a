import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { recordedQuery } from '../../platform/db/recorded';
import { auditsWithIfFrom } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import { preparedStatement, type Slots } from '../../platform/db/prepared';
import { files, uploadParts, uploadSessions, uploadTickets, videoParses } from './tables';

export type FileRow = typeof files.$inferSelect;
export type UploadSessionRow = typeof uploadSessions.$inferSelect;
export type UploadTicketRow = typeof uploadTickets.$inferSelect;
export type VideoParseRow = typeof videoParses.$inferSelect;

// A download and a version page's images read these: built once (platform/db/prepared.ts).
const fileById = preparedStatement('files_by_id', (db, slot: Slots<'id'>) => db.select().from(files).where(eq(files.id, slot.id)));
// By primary key alone, the team checked on the rows: with the team in the where, a planner
// without statistics yet (a new database) chose files_team and read every file of the team.
const filesByIds = preparedStatement('files_by_ids', (db, slot: Slots<'ids'>) => db.select().from(files).where(sql`${files.id} = any(${slot.ids})`));

/** An upload's end: one shape for every file, an image's facts set only when `image` says so. */
const readyStatement = preparedStatement('files_mark_ready', (db, slot: Slots<'id' | 'size' | 'sha256' | 'image' | 'contentType' | 'width' | 'height' | 'audits'>) => {
  const update = db
    .update(files)
    .set({
      state: 'ready',
      size: sql`${slot.size}::bigint`,
      sha256: sql`${slot.sha256}::text`,
      contentType: sql`coalesce(${slot.contentType}::text, ${files.contentType})`,
      width: sql`case when ${slot.image}::boolean then ${slot.width}::int else ${files.width} end`,
      height: sql`case when ${slot.image}::boolean then ${slot.height}::int else ${files.height} end`,
    })
    .where(and(eq(files.id, slot.id), eq(files.state, 'uploading')))
    .returning();
  return recordedQuery(db, update, (changed) => auditsWithIfFrom(db, slot.audits, changed));
});

/** An upload's row, written before its bytes: built once. */
const uploadingInsert = preparedStatement('files_insert_uploading', (db, slot: Slots<keyof UploadingFile>) =>
  db
    .insert(files)
    .values({ id: slot.id, teamId: slot.teamId, bizTag: slot.bizTag, fileName: slot.fileName, contentType: slot.contentType, storageKey: slot.storageKey, state: 'uploading', siteId: slot.siteId, createdBy: slot.createdBy, createdAt: slot.createdAt })
    .returning(),
);

/** What an upload's row holds before its bytes are stored (`filesRepo.insertUploading`). */
export interface UploadingFile {
  id: string;
  teamId: string;
  bizTag: string;
  fileName: string;
  contentType: string;
  storageKey: string;
  siteId: number | null;
  createdBy: string | null;
  createdAt: Date;
}

export const filesRepo = {
  async insert(db: DbOrTx, row: typeof files.$inferInsert): Promise<FileRow> {
    const [created] = await db.insert(files).values(row).returning();
    return created!;
  },
  /** A console upload's row, in state uploading until `markReady`. */
  async insertUploading(db: DbOrTx, row: UploadingFile): Promise<FileRow> {
    const [created] = await uploadingInsert(db, row);
    return created!;
  },
  /**
   * The upload done, with its audit events (`auditRowsJson`'s text; '[]' records nothing) in
   * the same statement, built once; undefined when no longer uploading (nothing recorded).
   */
  async markReady(db: DbOrTx, id: string, stored: { size: number; sha256: string }, image: { contentType: string; width: number | null; height: number | null } | undefined, audits = '[]'): Promise<FileRow | undefined> {
    const [row] = await readyStatement(db, { id, size: stored.size, sha256: stored.sha256, image: image !== undefined, contentType: image?.contentType ?? null, width: image?.width ?? null, height: image?.height ?? null, audits });
    return row;
  },
  async setImageSize(db: DbOrTx, id: string, width: number | null, height: number | null): Promise<void> {
    await db.update(files).set({ width, height }).where(eq(files.id, id));
  },
  async markFailed(db: DbOrTx, id: string, reason: { zh: string; en: string; ru: string }): Promise<void> {
    await db.update(files).set({ state: 'failed', failureReason: reason }).where(eq(files.id, id));
  },
  async byId(db: DbOrTx, id: string): Promise<FileRow | undefined> {
    const [row] = await fileById(db, { id });
    return row;
  },
  async ofTeam(db: DbOrTx, teamId: string, ids: string[]): Promise<FileRow[]> {
    return (await filesByIds(db, { ids })).filter((f) => f.teamId === teamId);
  },
  async moveToTeam(db: DbOrTx, ids: string[], fromTeamId: string, toTeamId: string): Promise<void> {
    if (ids.length) await db.update(files).set({ teamId: toTeamId }).where(and(inArray(files.id, ids), eq(files.teamId, fromTeamId)));
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(files).where(eq(files.id, id));
  },
  /** Removes a row still uploading; a finished file is never taken by a failed attempt. */
  async removeUnfinished(db: DbOrTx, id: string): Promise<void> {
    await db.delete(files).where(and(eq(files.id, id), eq(files.state, 'uploading')));
  },
  /** Which of these ids have a row (in any state). */
  async existing(db: DbOrTx, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await db.select({ id: files.id }).from(files).where(inArray(files.id, ids));
    return new Set(rows.map((r) => r.id));
  },
  async existingSessions(db: DbOrTx, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await db.select({ id: uploadSessions.id }).from(uploadSessions).where(inArray(uploadSessions.id, ids));
    return new Set(rows.map((r) => r.id));
  },
  /** Uploads that began before `before` and never finished: the process stopped under them. */
  async staleUploads(db: DbOrTx, before: Date): Promise<FileRow[]> {
    return db.select().from(files).where(and(eq(files.state, 'uploading'), lt(files.createdAt, before))).limit(500);
  },
  async expiredSessions(db: DbOrTx, now: Date): Promise<UploadSessionRow[]> {
    return db.select().from(uploadSessions).where(lt(uploadSessions.expiresAt, now)).limit(500);
  },
  async insertSession(db: DbOrTx, row: typeof uploadSessions.$inferInsert): Promise<UploadSessionRow> {
    const [created] = await db.insert(uploadSessions).values(row).returning();
    return created!;
  },
  async session(db: DbOrTx, teamId: string, id: string): Promise<UploadSessionRow | undefined> {
    const [row] = await db.select().from(uploadSessions).where(and(eq(uploadSessions.teamId, teamId), eq(uploadSessions.id, id)));
    return row;
  },
  async removeSession(db: DbOrTx, id: string): Promise<void> {
    await db.delete(uploadParts).where(eq(uploadParts.uploadId, id));
    await db.delete(uploadSessions).where(eq(uploadSessions.id, id));
  },
  async putPart(db: DbOrTx, row: typeof uploadParts.$inferInsert): Promise<void> {
    await db
      .insert(uploadParts)
      .values(row)
      .onConflictDoUpdate({ target: [uploadParts.uploadId, uploadParts.partNumber], set: { size: row.size, sha256: row.sha256 } });
  },
  async parts(db: DbOrTx, uploadId: string) {
    return db.select().from(uploadParts).where(eq(uploadParts.uploadId, uploadId)).orderBy(asc(uploadParts.partNumber));
  },
  async insertTickets(db: DbOrTx, rows: Array<typeof uploadTickets.$inferInsert>): Promise<UploadTicketRow[]> {
    return db.insert(uploadTickets).values(rows).returning();
  },
  async ticket(db: DbOrTx, id: string): Promise<UploadTicketRow | undefined> {
    const [row] = await db.select().from(uploadTickets).where(eq(uploadTickets.id, id));
    return row;
  },
  /** Claims an unused ticket; false when another request used it first. */
  async useTicket(db: DbOrTx, id: string, fileId: string): Promise<boolean> {
    const rows = await db.update(uploadTickets).set({ fileId }).where(and(eq(uploadTickets.id, id), isNull(uploadTickets.fileId))).returning({ id: uploadTickets.id });
    return rows.length === 1;
  },
  async pointTicket(db: DbOrTx, id: string, fileId: string): Promise<void> {
    await db.update(uploadTickets).set({ fileId }).where(eq(uploadTickets.id, id));
  },
  async releaseTicket(db: DbOrTx, id: string): Promise<void> {
    await db.update(uploadTickets).set({ fileId: null }).where(eq(uploadTickets.id, id));
  },
  async removeExpiredTickets(db: DbOrTx, now: Date): Promise<void> {
    await db.delete(uploadTickets).where(lt(uploadTickets.expiresAt, now));
  },
  /** Ready files of a team per bizTag and site (null: uploaded before sites were recorded). */
  async usage(db: DbOrTx, teamId: string) {
    return db
      .select({ bizTag: files.bizTag, siteId: files.siteId, objects: sql<number>`count(*)`.mapWith(Number), bytes: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number) })
      .from(files)
      .where(and(eq(files.teamId, teamId), eq(files.state, 'ready')))
      .groupBy(files.bizTag, files.siteId);
  },
  async insertVideoParse(db: DbOrTx, row: typeof videoParses.$inferInsert): Promise<VideoParseRow> {
    const [created] = await db.insert(videoParses).values(row).returning();
    return created!;
  },
  async videoParse(db: DbOrTx, id: string): Promise<VideoParseRow | undefined> {
    const [row] = await db.select().from(videoParses).where(eq(videoParses.id, id));
    return row;
  },
  /** A video parse's outcome, set only while it is still parsing: a parse run twice finishes once. */
  async finishVideoParse(db: DbOrTx, id: string, set: Partial<typeof videoParses.$inferInsert>): Promise<VideoParseRow | undefined> {
    const [row] = await db.update(videoParses).set(set).where(and(eq(videoParses.id, id), eq(videoParses.state, 'parsing'))).returning();
    return row;
  },
  /** Video parses still running since before the time, oldest first. */
  async videoParsingSince(db: DbOrTx, before: Date, limit: number): Promise<Array<{ id: string }>> {
    return db.select({ id: videoParses.id }).from(videoParses).where(and(eq(videoParses.state, 'parsing'), lt(videoParses.createdAt, before))).orderBy(videoParses.createdAt).limit(limit);
  },
};
