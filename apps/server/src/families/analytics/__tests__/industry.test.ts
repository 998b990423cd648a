import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { quantile } from '../industry';
import { appOf, event, fold, send } from './helpers';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(Date.UTC(2026, 10, 21, 4, 0));
  u = await TestUser.register(t);
});
afterAll(() => t.close());

const today = '2026-11-21';
let n = 0;
/** An app of another team (the same category, no kind) whose `devices` each ended a session of `seconds`. */
async function peer(devices: number, seconds: number, owner?: TestUser) {
  const who = owner ?? (await TestUser.register(t));
  const { appId, headers } = await appOf(who);
  for (let i = 0; i < devices; i += 1) await send(t, headers, `industry-${(n += 1)}-device`, { events: [event(t, 'first_open'), event(t, 'session_end', { value: seconds })] });
  await fold(t);
  return appId;
}
const indicators = async (appId: string) => (await u.call(analyticsApi.analyticsIndustry, { query: { appId, from: today, to: today } })).json();

describe('industry indicators', () => {
  it('are withheld below five apps with data, and while one app has more than half the active users, then show quartiles', async () => {
    const mine = await peer(1, 60, u);
    for (const [d, s] of [[1, 30], [1, 30], [1, 90]] as const) await peer(d, s);
    // An app without data is no peer.
    await peer(0, 0);
    expect(await indicators(mine)).toMatchObject({ category: 'app', kindId: null, apps: 4, withheld: 'tooFewApps', indicators: [] });

    await peer(10, 120);
    expect(await indicators(mine)).toMatchObject({ apps: 5, withheld: 'oneAppDominates', indicators: [] });

    for (let i = 0; i < 3; i += 1) await peer(3, 45);
    // Average daily users 1, 1, 1, 1, 3, 3, 3, 10; sessions 30, 30, 45, 45, 45, 60, 90, 120 s.
    const shown = await indicators(mine);
    expect(shown).toMatchObject({ apps: 8, withheld: null });
    expect(shown.indicators).toEqual([
      { metric: 'dailyActiveUsers', app: 1, p25: 1, median: 2, p75: 3 },
      { metric: 'averageSessionSeconds', app: 60, p25: 41.3, median: 45, p75: 67.5 },
    ]);
  });

  it('interpolates between the closest ranks', () => {
    expect([0, 0.25, 0.5, 1].map((q) => quantile([1, 2, 3, 4], q))).toEqual([1, 1.75, 2.5, 4]);
    expect(quantile([], 0.5)).toBe(0);
  });
});
