import type { Database } from '../../platform/db/types';
import type { EventRow } from './repo';
import type { Summary } from './summary';

const COLUMNS = 12;
const texts = new Map<number, string>();

/**
 * One statement for a whole batch, built once per batch size: the events not stored before
 * are inserted (none when the instance opted out), the summary of exactly those goes to the
 * rollup's queue, and the answer names them. One round trip and no transaction to hold:
 * a pooled connection is busy for the statement alone (docs/analytics.md, measured).
 */
function statement(rows: number): string {
  let text = texts.get(rows);
  if (text) return text;
  const p = (n: number) => `$${n}`;
  const values = Array.from({ length: rows }, (_, r) => {
    const b = 9 + r * COLUMNS;
    return `(${p(b + 1)}::uuid,${p(b + 2)}::date,${p(b + 3)},${p(b + 4)},${p(b + 5)}::timestamptz,${p(b + 6)},${p(b + 7)},${p(b + 8)},${p(b + 9)},${p(b + 10)},${p(b + 11)}::float8,${p(b + 12)}::jsonb)`;
  }).join(',');
  // $1 app, $2 instance, $3 user, $4 version, $5 os, $6 country, $7 language and model ([lang, model]), $8 now, $9 user properties
  text = `with ins as (
    insert into analytics_events (app_id, day, event_id, name, at, instance_id, user_id, app_version, os, country, value, properties)
    select * from (values ${values}) v
     where not exists (select 1 from analytics_opt_outs o where o.app_id = $1::uuid and o.instance_id = $2)
    on conflict do nothing
    returning event_id, day, name, value
  ), counted as (
    select day, name, count(*)::int as n, coalesce(sum(value), 0)::float8 as v from ins group by day, name
  ), pending as (
    insert into analytics_pending (app_id, summary, created_at)
    select $1::uuid, jsonb_build_object('instanceId', $2::text, 'userId', $3::text, 'appVersion', $4::text, 'os', $5::text, 'country', $6::text,
             'language', ($7::text[])[1], 'deviceModel', ($7::text[])[2], 'userProperties', $9::jsonb, 'counts', jsonb_agg(jsonb_build_array(day::text, name, n, v))), $8::timestamptz
      from counted having count(*) > 0
    returning id
  )
  select coalesce((select array_agg(event_id) from ins), '{}') as ids,
         exists (select 1 from analytics_opt_outs o where o.app_id = $1::uuid and o.instance_id = $2) as opted_out,
         (select count(*) from pending)::int as pending`;
  texts.set(rows, text);
  return text;
}

/** Stores a batch of one instance; answers the IDs stored now (not before) and whether it opted out. */
export async function storeBatch(database: Pick<Database, 'executeSql'>, rows: readonly EventRow[], context: Omit<Summary, 'counts' | 'instanceId'>, now: Date): Promise<{ stored: Set<string>; optedOut: boolean }> {
  const first = rows[0]!;
  const values: unknown[] = [first.appId, first.instanceId, context.userId, context.appVersion, context.os, context.country, [context.language, context.deviceModel], now, context.userProperties ? JSON.stringify(context.userProperties) : null];
  for (const r of rows) values.push(r.appId, r.day, r.eventId, r.name, r.at, r.instanceId, r.userId ?? null, r.appVersion, r.os, r.country, r.value ?? null, r.properties ? JSON.stringify(r.properties) : null);
  const result = await database.executeSql(statement(rows.length), values, { prepareAs: `analytics_store_${rows.length}` });
  const row = result.rows[0] as { ids: string[]; opted_out: boolean };
  return { stored: new Set(row.ids), optedOut: row.opted_out };
}
