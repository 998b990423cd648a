import type { MessageStats } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { notFound } from '../../platform/http/errors';
import { messageEventDays } from '../analytics/public';
import { callerApp } from '../apps/public';
import { messagesRepo as repo } from './repo';
import { WORDS } from './words';

/** A message's last days (UTC), every day listed, from what its client logged to App Analytics. */
export async function messageStats(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, appId: string, id: string, days: number): Promise<{ stats: MessageStats }> {
  await callerApp(deps.db, caller, appId);
  const row = await repo.get(deps.db, appId, id);
  if (!row) throw notFound(WORDS.noMessage);
  const today = deps.clock.now().getTime();
  const keys = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
  const counted = new Map((await messageEventDays(deps.db, { appId, messageId: id, fromDay: keys[0]!, toDay: keys.at(-1)!, conversionEvent: row.body.conversionEvent })).map((d) => [d.day, d]));
  const list = keys.map((day) => counted.get(day) ?? { day, impressions: 0, clicks: 0, dismissals: 0, conversions: 0 });
  const totals = list.reduce((s, d) => ({ impressions: s.impressions + d.impressions, clicks: s.clicks + d.clicks, dismissals: s.dismissals + d.dismissals, conversions: s.conversions + d.conversions }), { impressions: 0, clicks: 0, dismissals: 0, conversions: 0 });
  return { stats: { days: list, totals } };
}
