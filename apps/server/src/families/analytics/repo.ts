import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { analyticsAudienceMembers, analyticsDaily, analyticsDeviceDays, analyticsDevices, analyticsEvents, analyticsOptOuts, analyticsPending, analyticsSettingsTable } from './tables';

export type SettingsRow = typeof analyticsSettingsTable.$inferSelect;
export type EventRow = typeof analyticsEvents.$inferInsert;
export type DailyRow = typeof analyticsDaily.$inferInsert;
export type DeviceRow = typeof analyticsDevices.$inferInsert;
export type DeviceDayRow = { appId: string; day: string; instanceId: string; appVersion: string; crashed: boolean };
export type PendingRow = typeof analyticsPending.$inferSelect;

/** Rows per statement, under PostgreSQL's 65,535 parameters for the widest table. */
const CHUNK = 4000;
const chunks = <T>(rows: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
};

/** The family's writes but the batch's own statement (ingest-sql.ts); the dashboards' reads are in report-repo.ts and cohort-repo.ts. */
export const analyticsRepo = {
  async settings(db: DbOrTx, appId: string): Promise<SettingsRow | undefined> {
    const [row] = await db.select().from(analyticsSettingsTable).where(eq(analyticsSettingsTable.appId, appId));
    return row;
  },

  async saveSettings(db: DbOrTx, row: SettingsRow): Promise<void> {
    await db
      .insert(analyticsSettingsTable)
      .values(row)
      .onConflictDoUpdate({ target: analyticsSettingsTable.appId, set: { timeZone: row.timeZone, retentionDays: row.retentionDays, updatedAt: row.updatedAt, updatedBy: row.updatedBy } });
  },

  async optedOut(db: DbOrTx, appId: string, instanceId: string): Promise<boolean> {
    const [row] = await db
      .select({ at: analyticsOptOuts.at })
      .from(analyticsOptOuts)
      .where(and(eq(analyticsOptOuts.appId, appId), eq(analyticsOptOuts.instanceId, instanceId)));
    return Boolean(row);
  },

  async setOptOut(db: DbOrTx, appId: string, instanceId: string, optedOut: boolean, at: Date): Promise<void> {
    if (optedOut) await db.insert(analyticsOptOuts).values({ appId, instanceId, at }).onConflictDoNothing();
    else await db.delete(analyticsOptOuts).where(and(eq(analyticsOptOuts.appId, appId), eq(analyticsOptOuts.instanceId, instanceId)));
  },

  /** Makes the partition of each day unless it exists; instances making the same one wait for each other. */
  async ensurePartitions(db: DbOrTx, days: readonly string[]): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('analytics_events partitions'))`);
    for (const day of days) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      await db.execute(sql.raw(`create table if not exists analytics_events_${day.replaceAll('-', '')} partition of analytics_events for values from ('${day}') to ('${next}')`));
    }
  },

  /** The days that have a partition, oldest first. */
  async partitionDays(db: DbOrTx): Promise<string[]> {
    const result = (await db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'analytics_events' order by c.relname`)) as unknown as { rows: Array<{ name: string }> };
    return result.rows.map((r) => r.name.replace(/^analytics_events_(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3')).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d));
  },

  async dropPartition(db: DbOrTx, day: string): Promise<void> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
    await db.execute(sql.raw(`drop table if exists analytics_events_${day.replaceAll('-', '')}`));
  },

  /**
   * Deletes a day's raw events of the apps that keep them fewer than `age` days: those that
   * chose so, and (`orUnset`) those that never chose, whose default is shorter too.
   */
  async deleteExpired(db: DbOrTx, day: string, age: number, orUnset: boolean): Promise<void> {
    const short = db.select({ appId: analyticsSettingsTable.appId }).from(analyticsSettingsTable).where(lt(analyticsSettingsTable.retentionDays, age));
    const unset = sql`not exists (select 1 from ${analyticsSettingsTable} where ${analyticsSettingsTable.appId} = ${analyticsEvents.appId})`;
    await db.delete(analyticsEvents).where(and(eq(analyticsEvents.day, day), orUnset ? or(inArray(analyticsEvents.appId, short), unset) : inArray(analyticsEvents.appId, short)));
  },

  /**
   * Everything kept of the given instances (or of every instance the app user had): raw
   * events in every partition, days of activity, the devices. Answers what went.
   */
  async deletePerson(db: DbOrTx, appId: string, who: { instanceId?: string | undefined; userId?: string | undefined }): Promise<{ events: number; instances: number }> {
    const byUser = who.userId
      ? (await db.select({ id: analyticsDevices.instanceId }).from(analyticsDevices).where(and(eq(analyticsDevices.appId, appId), eq(analyticsDevices.userId, who.userId)))).map((r) => r.id)
      : [];
    const instances = [...new Set([...(who.instanceId ? [who.instanceId] : []), ...byUser])];
    const eventsOf = who.userId
      ? instances.length
        ? or(eq(analyticsEvents.userId, who.userId), inArray(analyticsEvents.instanceId, instances))
        : eq(analyticsEvents.userId, who.userId)
      : inArray(analyticsEvents.instanceId, instances);
    const events = await db.delete(analyticsEvents).where(and(eq(analyticsEvents.appId, appId), eventsOf)).returning({ id: analyticsEvents.eventId });
    if (instances.length) {
      await db.delete(analyticsDeviceDays).where(and(eq(analyticsDeviceDays.appId, appId), inArray(analyticsDeviceDays.instanceId, instances)));
      await db.delete(analyticsAudienceMembers).where(and(eq(analyticsAudienceMembers.appId, appId), inArray(analyticsAudienceMembers.instanceId, instances)));
    }
    const devices = instances.length ? await db.delete(analyticsDevices).where(and(eq(analyticsDevices.appId, appId), inArray(analyticsDevices.instanceId, instances))).returning({ id: analyticsDevices.instanceId }) : [];
    return { events: events.length, instances: devices.length };
  },

  /** The oldest summaries no other instance is folding in now, locked until the transaction ends. */
  async claimPending(db: DbOrTx, limit: number): Promise<PendingRow[]> {
    return db.select().from(analyticsPending).orderBy(asc(analyticsPending.id)).limit(limit).for('update', { skipLocked: true });
  },

  async deletePending(db: DbOrTx, ids: readonly number[]): Promise<void> {
    if (ids.length) await db.delete(analyticsPending).where(inArray(analyticsPending.id, [...ids]));
  },

  async addDaily(db: DbOrTx, rows: readonly DailyRow[]): Promise<void> {
    for (const part of chunks(rows)) {
      await db
        .insert(analyticsDaily)
        .values(part)
        .onConflictDoUpdate({
          target: [analyticsDaily.appId, analyticsDaily.day, analyticsDaily.name, analyticsDaily.appVersion, analyticsDaily.country, analyticsDaily.os],
          set: { count: sql`${analyticsDaily.count} + excluded.count`, valueSum: sql`${analyticsDaily.valueSum} + excluded.value_sum` },
        });
    }
  },

  /**
   * A day seen again keeps its row; it is written only for a version it did not have yet
   * (an update that day) or a first crash that day.
   */
  async addDeviceDays(db: DbOrTx, rows: readonly DeviceDayRow[]): Promise<void> {
    for (const part of chunks(rows)) {
      await db
        .insert(analyticsDeviceDays)
        .values(part)
        .onConflictDoUpdate({
          target: [analyticsDeviceDays.appId, analyticsDeviceDays.day, analyticsDeviceDays.instanceId],
          set: {
            appVersion: sql.raw(`case when excluded.app_version <> '' then excluded.app_version else analytics_device_days.app_version end`),
            crashed: sql.raw(`analytics_device_days.crashed or excluded.crashed`),
          },
          setWhere: sql.raw(`(excluded.app_version <> '' and excluded.app_version <> analytics_device_days.app_version) or (excluded.crashed and not analytics_device_days.crashed)`),
        });
    }
  },

  /** An instance's first day only moves back, its last only forward; what it said of itself is the latest day's. */
  async upsertDevices(db: DbOrTx, rows: readonly DeviceRow[]): Promise<void> {
    const newer = sql`excluded.last_day >= ${analyticsDevices.lastDay}`;
    // What a batch leaves out ('') keeps what an earlier one said.
    const latest = (column: string) => sql.raw(`case when excluded.last_day >= analytics_devices.last_day and excluded.${column} <> '' then excluded.${column} else analytics_devices.${column} end`);
    for (const part of chunks(rows)) {
      await db
        .insert(analyticsDevices)
        .values(part)
        .onConflictDoUpdate({
          target: [analyticsDevices.appId, analyticsDevices.instanceId],
          set: {
            firstDay: sql`least(${analyticsDevices.firstDay}, excluded.first_day)`,
            lastDay: sql`greatest(${analyticsDevices.lastDay}, excluded.last_day)`,
            userId: sql`case when ${newer} then coalesce(excluded.user_id, ${analyticsDevices.userId}) else ${analyticsDevices.userId} end`,
            appVersion: latest('app_version'),
            os: latest('os'),
            country: latest('country'),
            language: latest('language'),
            deviceModel: latest('device_model'),
            // Merged property by property; what the newer batch says wins.
            userProperties: sql.raw(`case when excluded.user_properties is null then analytics_devices.user_properties
              when excluded.last_day >= analytics_devices.last_day then coalesce(analytics_devices.user_properties, '{}'::jsonb) || excluded.user_properties
              else excluded.user_properties || coalesce(analytics_devices.user_properties, '{}'::jsonb) end`),
          },
          // A device seen again the same day, unchanged, is not written again (no new row version, no WAL).
          setWhere: sql.raw(`analytics_devices.first_day > excluded.first_day or analytics_devices.last_day < excluded.last_day
            or (excluded.user_properties is not null and not coalesce(analytics_devices.user_properties @> excluded.user_properties, false))
            or (excluded.last_day = analytics_devices.last_day and (excluded.user_id is distinct from analytics_devices.user_id
              or (excluded.app_version, excluded.os, excluded.country, excluded.language, excluded.device_model)
                 is distinct from (analytics_devices.app_version, analytics_devices.os, analytics_devices.country, analytics_devices.language, analytics_devices.device_model)))`),
        });
    }
  },
};
