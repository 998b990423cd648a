import { and, asc, count, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { AudienceCondition } from '@wharf/contract';
import type { DbOrTx } from '../../platform/db/types';
import { apps } from '../apps/public';
import { addDays } from './days';
import { analyticsAudienceMembers, analyticsAudiences } from './tables';

export type AudienceRow = typeof analyticsAudiences.$inferSelect;

const NUMERIC = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
const FIELD_COLUMN = { country: 'd.country', language: 'd.language', os: 'd.os' } as const;
/** A version as an array of numbers, so 2.10 > 2.9 (anything but digits and dots is dropped). */
const versionArray = (expr: SQL) => sql`string_to_array(coalesce(nullif(regexp_replace(${expr}, '[^0-9.]', '', 'g'), ''), '0'), '.')::int[]`;

/** One condition as a test on an instance `d` of analytics_devices, `today` being the app's. */
function conditionSql(c: AudienceCondition, appId: string, today: string): SQL {
  switch (c.kind) {
    case 'attribute': {
      const values = sql.join(c.values.map((v) => sql`${v}`), sql`, `);
      return c.op === 'in' ? sql`${sql.raw(FIELD_COLUMN[c.field])} in (${values})` : sql`${sql.raw(FIELD_COLUMN[c.field])} not in (${values})`;
    }
    case 'appVersion':
      return sql`${versionArray(sql`d.app_version`)} ${sql.raw(c.op === 'gte' ? '>=' : '<')} ${versionArray(sql`${c.version}`)}`;
    case 'event':
      return sql`d.instance_id in (select instance_id from analytics_events where app_id = ${appId} and name = ${c.event} and day >= ${addDays(today, -(c.withinDays - 1))} group by instance_id having count(*) >= ${c.atLeast})`;
    case 'userProperty': {
      const value = sql`d.user_properties -> ${c.property}`;
      if (c.op === 'set') return sql`${value} is not null`;
      if (c.op === 'eq') return sql`${value} = ${JSON.stringify(c.value)}::jsonb`;
      if (c.op === 'neq') return sql`${value} is distinct from ${JSON.stringify(c.value)}::jsonb`;
      const number = sql`case when jsonb_typeof(${value}) = 'number' then (d.user_properties ->> ${c.property})::float8 end`;
      return sql`${number} ${sql.raw(NUMERIC[c.op])} ${c.value as number}`;
    }
    case 'newUser':
      return sql`d.first_day >= ${addDays(today, -(c.withinDays - 1))}`;
  }
}

/** Audiences and their members: the only reader and writer of their tables. */
export const audienceRepo = {
  async list(db: DbOrTx, appId: string): Promise<AudienceRow[]> {
    return db.select().from(analyticsAudiences).where(eq(analyticsAudiences.appId, appId)).orderBy(asc(analyticsAudiences.name), asc(analyticsAudiences.createdAt));
  },

  async get(db: DbOrTx, appId: string, audienceId: string): Promise<AudienceRow | null> {
    const [row] = await db.select().from(analyticsAudiences).where(and(eq(analyticsAudiences.appId, appId), eq(analyticsAudiences.id, audienceId)));
    return row ?? null;
  },

  async count(db: DbOrTx, appId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(analyticsAudiences).where(eq(analyticsAudiences.appId, appId));
    return Number(row?.n ?? 0);
  },

  async insert(db: DbOrTx, values: typeof analyticsAudiences.$inferInsert): Promise<AudienceRow> {
    const [row] = await db.insert(analyticsAudiences).values(values).returning();
    return row!;
  },

  async update(db: DbOrTx, id: string, values: Partial<typeof analyticsAudiences.$inferInsert>): Promise<AudienceRow> {
    const [row] = await db.update(analyticsAudiences).set(values).where(eq(analyticsAudiences.id, id)).returning();
    return row!;
  },

  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(analyticsAudiences).where(eq(analyticsAudiences.id, id));
  },

  /** Replaces an audience's members with the instances meeting all its conditions now; answers how many. */
  async recompute(db: DbOrTx, audience: AudienceRow, today: string): Promise<number> {
    await db.delete(analyticsAudienceMembers).where(eq(analyticsAudienceMembers.audienceId, audience.id));
    const tests = audience.conditions.map((c) => conditionSql(c, audience.appId, today));
    await db.execute(sql`
      insert into analytics_audience_members (audience_id, app_id, instance_id)
      select ${audience.id}, d.app_id, d.instance_id from analytics_devices d
       where d.app_id = ${audience.appId} and ${sql.join(tests, sql` and `)}`);
    const [row] = await db.select({ n: count() }).from(analyticsAudienceMembers).where(eq(analyticsAudienceMembers.audienceId, audience.id));
    return Number(row?.n ?? 0);
  },

  /** Audiences last worked out before `before`, oldest first. */
  async stale(db: DbOrTx, before: Date, limit: number) {
    return db
      .select({ row: analyticsAudiences, teamId: apps.teamId, projectId: apps.projectId })
      .from(analyticsAudiences)
      .innerJoin(apps, eq(apps.id, analyticsAudiences.appId))
      .where(lt(analyticsAudiences.computedAt, before))
      .orderBy(asc(analyticsAudiences.computedAt))
      .limit(limit);
  },

  async ofInstance(db: DbOrTx, appId: string, instanceId: string): Promise<Array<{ audienceId: string; name: string }>> {
    return db
      .select({ audienceId: analyticsAudiences.id, name: analyticsAudiences.name })
      .from(analyticsAudienceMembers)
      .innerJoin(analyticsAudiences, eq(analyticsAudiences.id, analyticsAudienceMembers.audienceId))
      .where(and(eq(analyticsAudienceMembers.appId, appId), eq(analyticsAudienceMembers.instanceId, instanceId)))
      .orderBy(asc(analyticsAudiences.name));
  },
};
