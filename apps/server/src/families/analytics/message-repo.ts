import { sql } from 'drizzle-orm';
import { MESSAGE_EVENTS } from '@wharf/rules';
import type { DbOrTx } from '../../platform/db/types';
import { analyticsEvents } from './tables';

export interface MessageDay {
  day: string;
  impressions: number;
  clicks: number;
  dismissals: number;
  conversions: number;
}

type Rows = { rows: Array<Record<string, string | number | null>> };
const num = (v: string | number | null | undefined) => Number(v ?? 0);

/**
 * An in-app message's days from the raw events its client logged (`ams_impression`,
 * `ams_click`, `ams_dismiss` with `message_id`), and its conversions: instances that logged
 * the conversion event after their first impression, counted on the day they converted.
 */
export async function messageEventDays(db: DbOrTx, q: { appId: string; messageId: string; fromDay: string; toDay: string; conversionEvent: string | null }): Promise<MessageDay[]> {
  const e = analyticsEvents;
  const names = [MESSAGE_EVENTS.impression, MESSAGE_EVENTS.click, MESSAGE_EVENTS.dismiss];
  const counted = (await db.execute(sql`
    select ${e.day}::text as day,
           count(*) filter (where ${e.name} = ${MESSAGE_EVENTS.impression})::int as impressions,
           count(*) filter (where ${e.name} = ${MESSAGE_EVENTS.click})::int as clicks,
           count(*) filter (where ${e.name} = ${MESSAGE_EVENTS.dismiss})::int as dismissals
      from ${e}
     where ${e.appId} = ${q.appId} and ${e.day} between ${q.fromDay} and ${q.toDay}
       and ${e.name} in (${sql.join(names.map((n) => sql`${n}`), sql`, `)}) and ${e.properties}->>'message_id' = ${q.messageId}
     group by ${e.day}`)) as unknown as Rows;
  const days = new Map<string, MessageDay>(counted.rows.map((r) => [String(r.day), { day: String(r.day), impressions: num(r.impressions), clicks: num(r.clicks), dismissals: num(r.dismissals), conversions: 0 }]));
  if (q.conversionEvent) {
    const converted = (await db.execute(sql`
      with seen as (
        select ${e.instanceId} as instance_id, min(${e.at}) as first_at from ${e}
         where ${e.appId} = ${q.appId} and ${e.day} between ${q.fromDay} and ${q.toDay}
           and ${e.name} = ${MESSAGE_EVENTS.impression} and ${e.properties}->>'message_id' = ${q.messageId}
         group by ${e.instanceId})
      select first.day::text as day, count(*)::int as conversions from (
        select ${e.instanceId}, min(${e.day}) as day from ${e} join seen s on s.instance_id = ${e.instanceId}
         where ${e.appId} = ${q.appId} and ${e.day} between ${q.fromDay} and ${q.toDay} and ${e.name} = ${q.conversionEvent} and ${e.at} >= s.first_at
         group by ${e.instanceId}) first
      group by first.day`)) as unknown as Rows;
    for (const r of converted.rows) {
      const d = days.get(String(r.day)) ?? { day: String(r.day), impressions: 0, clicks: 0, dismissals: 0, conversions: 0 };
      d.conversions = num(r.conversions);
      days.set(d.day, d);
    }
  }
  return [...days.values()];
}
