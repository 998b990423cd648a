import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteConfigApi, RET_CODES } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appOf, deviceFetch, GREETING, publish } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let devices = 0;
const newDevice = () => `device-${process.pid}-${(devices += 1)}`;
/** Lets the next fetch of an instance through (the app's minimum interval is 60 s unless set). */
const later = () => t.clock.advance(61_000);

describe('fetching on a device', () => {
  it('gets nothing before the first publish, then the values that apply to it', async () => {
    const u = await TestUser.register(t);
    const { appId, headers } = await appOf(u);
    const before = await deviceFetch(t, headers, newDevice());
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ version: 0, values: {}, types: {}, minimumFetchIntervalSeconds: 60 });

    await publish(u, appId, GREETING);
    const russia = await deviceFetch(t, headers, newDevice(), { country: 'RU', appVersion: '2.1' });
    expect(russia.json()).toMatchObject({ version: 1, values: { greeting: 'Привет', max_items: '10' }, types: { greeting: 'string', max_items: 'number' } });
    const germany = await deviceFetch(t, headers, newDevice(), { country: 'DE', appVersion: '2.1' });
    expect(germany.json().values).toEqual({ greeting: 'Hi', max_items: '10' });
    const old = await deviceFetch(t, headers, newDevice(), { country: 'DE', appVersion: '1.4' });
    expect(old.json().values).toEqual({ greeting: 'Hello', max_items: '10' });
  });

  it('takes the country and language from Accept-Language when the app does not send them', async () => {
    const u = await TestUser.register(t);
    const { appId, headers } = await appOf(u);
    await publish(u, appId, {
      conditions: [...GREETING.conditions, { name: 'Russian speakers', rules: [{ field: 'language', op: 'in', values: ['ru'] }] }],
      parameters: [{ key: 'lang', type: 'string', defaultValue: 'other', conditionalValues: [{ condition: 'Russian speakers', value: 'ru' }] }, GREETING.parameters[0]!],
    });
    const res = await deviceFetch(t, headers, newDevice(), {}, { 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(res.json().values).toEqual({ lang: 'ru', greeting: 'Привет' });
  });

  it('answers 304 to an instance that holds the values already', async () => {
    const u = await TestUser.register(t);
    const { appId, headers } = await appOf(u);
    await publish(u, appId, GREETING);
    const id = newDevice();
    const first = await deviceFetch(t, headers, id, { country: 'RU' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    later();
    const again = await deviceFetch(t, headers, id, { country: 'RU' }, { 'if-none-match': etag });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    later();
    const moved = await deviceFetch(t, headers, id, { country: 'DE' }, { 'if-none-match': etag });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().values.greeting).toBe('Hello');
  });

  it('refuses an instance fetching the same version within the interval, but lets a new version through at once', async () => {
    const u = await TestUser.register(t);
    const { appId, headers } = await appOf(u);
    await publish(u, appId, GREETING);
    const id = newDevice();
    expect((await deviceFetch(t, headers, id)).statusCode).toBe(200);
    t.clock.advance(20_000);
    const soon = await deviceFetch(t, headers, id, {}, { 'x-lang': 'en' });
    expect([soon.statusCode, soon.json().ret.code]).toEqual([429, RET_CODES.rateLimited.code]);
    expect(soon.headers['retry-after']).toBe('40');
    expect(soon.json().ret.msg).toContain('interval');

    await publish(u, appId, { conditions: [], parameters: [{ key: 'greeting', type: 'string', defaultValue: 'Published later', conditionalValues: [] }] });
    const fresh = await deviceFetch(t, headers, id);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ version: 2, values: { greeting: 'Published later' } });
  });

  it('follows the interval the app sets, 0 turning the limit off', async () => {
    const u = await TestUser.register(t);
    const { appId, headers } = await appOf(u);
    const set = await u.call(remoteConfigApi.setRemoteSettings, { query: { appId }, body: { minimumFetchIntervalSeconds: 0, requireReview: false } });
    expect(set.json().settings).toEqual({ minimumFetchIntervalSeconds: 0, requireReview: false });
    const id = newDevice();
    for (let i = 0; i < 3; i += 1) expect((await deviceFetch(t, headers, id)).statusCode).toBe(200);
    expect((await deviceFetch(t, headers, id)).json().minimumFetchIntervalSeconds).toBe(0);
  });

  it('serves the rolled-back values at the next fetch', async () => {
    const u = await TestUser.register(t);
    const { appId, headers } = await appOf(u);
    await publish(u, appId, GREETING);
    await publish(u, appId, { conditions: [], parameters: [{ key: 'greeting', type: 'string', defaultValue: 'New', conditionalValues: [] }] });
    const id = newDevice();
    expect((await deviceFetch(t, headers, id, { country: 'RU' })).json().values).toEqual({ greeting: 'New' });
    await u.call(remoteConfigApi.rollBackRemoteConfig, { params: { number: 1 }, query: { appId }, body: {} });
    expect((await deviceFetch(t, headers, id, { country: 'RU' })).json()).toMatchObject({ version: 3, values: { greeting: 'Привет', max_items: '10' } });
  });

  it('refuses a call without the app key, and a malformed instance ID, as 4xx', async () => {
    const u = await TestUser.register(t);
    const { headers } = await appOf(u);
    expect((await deviceFetch(t, {}, newDevice())).statusCode).toBe(401);
    const bad = await deviceFetch(t, headers, 'short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ name: 'deviceId', rule: 'tooShort' });
    const props = await deviceFetch(t, headers, newDevice(), { userProperties: { 'not a key': 'x' } });
    expect(props.statusCode).toBe(400);
  });
});
