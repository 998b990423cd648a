import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsApi, type AudienceInput } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { recomputeStaleAudiences } from '../audiences';
import { AnalyticsSettingsStore } from '../settings';
import { appOf, event, fold, send } from './helpers';

let t: TestApp;
let u: TestUser;
let appId: string;
let headers: Record<string, string>;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 21, 4, 0);

/** A device's batch `daysAgo` days back (sent then, as an offline queue would not wait that long). */
async function device(id: string, daysAgo: number, context: object, names: string[]) {
  t.clock.set(NOW - daysAgo * DAY);
  await send(t, headers, id, { context, events: names.map((n) => event(t, n)) });
  t.clock.set(NOW);
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  u = await TestUser.register(t);
  ({ appId, headers } = await appOf(u));
  await device('device-ru-20', 0, { country: 'RU', appVersion: '2.0' }, ['first_open', 'purchase', 'purchase']);
  await device('device-ru-19', 5, { country: 'RU', appVersion: '1.9' }, ['first_open', 'purchase']);
  await device('device-de-210', 10, { country: 'DE', appVersion: '2.10' }, ['first_open']);
  await fold(t);
});
afterAll(() => t.close());

const create = async (body: AudienceInput) => {
  const res = await u.call(analyticsApi.createAudience, { query: { appId }, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().audience as { audienceId: string; size: number };
};
const members = async (instanceId: string) => {
  const res = await u.call(analyticsApi.audiencesOfInstance, { query: { appId, instanceId } });
  return res.json().audiences.map((a: { name: string }) => a.name);
};

describe('audiences', () => {
  it('hold the instances meeting every condition: attributes, versions compared number by number, events in a window, new users', async () => {
    expect((await create({ name: 'Russians on 2.0 or later', conditions: [{ kind: 'attribute', field: 'country', op: 'in', values: ['RU'] }, { kind: 'appVersion', op: 'gte', version: '2.0' }] })).size).toBe(1);
    expect((await create({ name: 'Bought this week', conditions: [{ kind: 'event', event: 'purchase', atLeast: 1, withinDays: 7 }] })).size).toBe(2);
    expect((await create({ name: 'Bought twice in 3 days', conditions: [{ kind: 'event', event: 'purchase', atLeast: 2, withinDays: 3 }] })).size).toBe(1);
    expect((await create({ name: 'New this week', conditions: [{ kind: 'newUser', withinDays: 7 }] })).size).toBe(2);
    // 2.10 is after 2.9, not before it as text would have it.
    expect((await create({ name: 'Before 2.9', conditions: [{ kind: 'appVersion', op: 'lt', version: '2.9' }] })).size).toBe(2);
    expect((await create({ name: 'Outside Russia', conditions: [{ kind: 'attribute', field: 'country', op: 'notIn', values: ['RU'] }] })).size).toBe(1);

    expect(await members('device-ru-20')).toEqual(['Before 2.9', 'Bought this week', 'Bought twice in 3 days', 'New this week', 'Russians on 2.0 or later']);
    expect(await members('device-de-210')).toEqual(['Outside Russia']);
    expect(await members('nobody')).toEqual([]);
    const listed = (await u.call(analyticsApi.listAudiences, { query: { appId } })).json().audiences;
    expect(listed.map((a: { name: string; size: number }) => [a.name, a.size])).toEqual([
      ['Before 2.9', 2],
      ['Bought this week', 2],
      ['Bought twice in 3 days', 1],
      ['New this week', 2],
      ['Outside Russia', 1],
      ['Russians on 2.0 or later', 1],
    ]);
  });

  it('are worked out again when changed, when asked, and every hour; a deleted person leaves them', async () => {
    const buyers = await create({ name: 'Buyers', conditions: [{ kind: 'event', event: 'purchase', atLeast: 1, withinDays: 30 }] });
    expect(buyers.size).toBe(2);
    await device('device-de-new', 0, { country: 'DE', appVersion: '2.0' }, ['first_open', 'purchase']);
    await fold(t);
    // Not yet: members are what the last working-out found.
    expect(await members('device-de-new')).toEqual([]);
    const asked = await u.call(analyticsApi.recomputeAudience, { query: { appId, audienceId: buyers.audienceId } });
    expect(asked.json().audience.size).toBe(3);

    const changed = await u.call(analyticsApi.updateAudience, { query: { appId, audienceId: buyers.audienceId }, body: { name: 'German buyers', conditions: [{ kind: 'event', event: 'purchase', atLeast: 1, withinDays: 30 }, { kind: 'attribute', field: 'country', op: 'in', values: ['DE'] }] } });
    expect(changed.json().audience).toMatchObject({ name: 'German buyers', size: 1 });

    // An hour on, the periodic run works out every audience again: the new German device joins "Outside Russia".
    t.clock.set(NOW + 61 * 60_000);
    expect(await recomputeStaleAudiences(t.deps, new AnalyticsSettingsStore(t.deps))).toBe(7);
    // An hour without a call ends a console session.
    await u.login();
    expect(await members('device-de-new')).toEqual(['Before 2.9', 'Bought this week', 'German buyers', 'New this week', 'Outside Russia']);
    t.clock.set(NOW);

    await u.login();
    await u.call(analyticsApi.deleteAnalyticsUserData, { query: { appId }, body: { instanceId: 'device-de-new' } });
    expect(await members('device-de-new')).toEqual([]);
    expect((await u.call(analyticsApi.deleteAudience, { query: { appId, audienceId: buyers.audienceId } })).statusCode).toBe(200);
    expect((await u.call(analyticsApi.recomputeAudience, { query: { appId, audienceId: buyers.audienceId } })).statusCode).toBe(404);
  });

  it('read the user properties the app set, property by property, the newest value winning', async () => {
    const props = async (id: string, userProperties: object) => {
      await send(t, headers, id, { context: { country: 'FR', appVersion: '3.0', userProperties }, events: [event(t, 'screen_view')] });
      await fold(t);
    };
    await props('device-pro', { plan: 'pro', level: 12 });
    await props('device-free', { plan: 'free', level: 3, beta: true });
    // A later batch saying only the level keeps the plan.
    t.clock.set(NOW + 60_000);
    await props('device-pro', { level: 13 });
    t.clock.set(NOW);
    const size = async (conditions: AudienceInput['conditions']) => (await create({ name: `Props ${JSON.stringify(conditions)}`.slice(0, 64), conditions })).size;
    const french: AudienceInput['conditions'][number] = { kind: 'attribute', field: 'country', op: 'in', values: ['FR'] };
    expect(await size([french, { kind: 'userProperty', property: 'plan', op: 'eq', value: 'pro' }])).toBe(1);
    expect(await size([french, { kind: 'userProperty', property: 'level', op: 'gte', value: 13 }])).toBe(1);
    expect(await size([french, { kind: 'userProperty', property: 'level', op: 'lt', value: 13 }])).toBe(1);
    expect(await size([french, { kind: 'userProperty', property: 'beta', op: 'set' }])).toBe(1);
    expect(await size([french, { kind: 'userProperty', property: 'beta', op: 'neq', value: true }])).toBe(1);
    // A number compared as text is not the same value: 12 ≠ "12".
    expect(await size([french, { kind: 'userProperty', property: 'level', op: 'eq', value: '13' }])).toBe(0);
    const bad = await u.call(analyticsApi.createAudience, { query: { appId }, body: { name: 'Bad', conditions: [{ kind: 'userProperty', property: 'level', op: 'gt', value: 'high' }] } });
    expect(bad.statusCode).toBe(400);
  });

  it('refuse a version that is not one, an empty list of conditions, and a look back past 90 days', async () => {
    const bad = async (conditions: unknown[]) => (await u.call(analyticsApi.createAudience, { query: { appId }, body: { name: 'Bad', conditions } })).statusCode;
    expect(await bad([{ kind: 'appVersion', op: 'gte', version: '2.x' }])).toBe(400);
    expect(await bad([])).toBe(400);
    expect(await bad([{ kind: 'newUser', withinDays: 91 }])).toBe(400);
    expect(await bad([{ kind: 'sometimes' }])).toBe(400);
  });
});
