import { describe, expect, it } from 'vitest';
import { getAppMessaging, type InAppMessage } from '../app-messaging';
import { createClient } from '../client';
import { memoryStore } from '../storage';
import { configFile, fakeFetch } from './fake-fetch';

const START = Date.UTC(2026, 5, 1, 8); // a Monday, 10:00 in Berlin
const message = (over: Partial<InAppMessage> & Pick<InAppMessage, 'messageId'>): InAppMessage => ({
  kind: 'popup',
  priority: 5,
  content: { language: 'enUS', title: 'Well done', body: 'Take 50 gems', buttons: [{ text: 'Take', action: 'deepLink', target: 'https://quest.example.com/gems' }] },
  trigger: { kind: 'event', event: 'level_up' },
  schedule: { startAt: new Date(START - 3_600_000).toISOString(), timeZone: 'Europe/Berlin' },
  caps: { perDay: 1 },
  ...over,
});

function setup(messages: InAppMessage[]) {
  let t = START;
  const logged: Array<[string, Record<string, unknown>]> = [];
  const { fetch, seen } = fakeFetch((_call, i) => (i === 0 ? { body: { messages }, headers: { etag: '"m1"' } } : { status: 304 }));
  const store = memoryStore();
  const make = () => getAppMessaging(createClient(configFile, { fetch, store, now: () => t, sleep: async () => undefined }), { events: { logEvent: (n, p) => logged.push([n, p]) }, attributes: () => ({ appVersion: '2.1' }), newInstanceId: () => 'instance-0001', now: () => t });
  return { make, seen, logged, advance: (ms: number) => (t += ms) };
}

describe('in-app messages on a device', () => {
  it('shows a message on its event once a day, logs its impression, and again the next local day', async () => {
    const { make, seen, logged, advance } = setup([message({ messageId: 'm-1' })]);
    const ms = make();
    expect(await ms.fetch()).toBe(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: 'https://wharf.test/agc/edge/ams/v1/client/messages?deviceId=instance-0001', body: { appVersion: '2.1' } });
    expect(await ms.launched()).toBeNull();
    const shown = await ms.eventLogged('level_up', { level: 3 });
    expect(shown?.messageId).toBe('m-1');
    expect(await ms.eventLogged('level_up')).toBeNull();
    ms.clicked(shown!, 0);
    expect(logged).toEqual([['ams_impression', { message_id: 'm-1' }], ['ams_click', { message_id: 'm-1', button: 0 }]]);
    advance(14 * 3_600_000); // past midnight in Berlin
    expect((await ms.eventLogged('level_up'))?.messageId).toBe('m-1');
    // What it showed is remembered across restarts of the app.
    const again = make();
    expect(await again.fetch()).toBe(1);
    expect(seen[1]!.headers['If-None-Match'] ?? seen[1]!.headers['if-none-match']).toBe('"m1"');
    expect(await again.eventLogged('level_up')).toBeNull();
  });

  it('keeps to property conditions, days and hours in the time zone, the campaign cap and priority', async () => {
    const { make, advance } = setup([
      message({ messageId: 'rich', priority: 9, trigger: { kind: 'event', event: 'level_up', conditions: [{ key: 'level', op: 'gte', value: '10' }] } }),
      message({ messageId: 'evening', priority: 8, schedule: { startAt: new Date(START - 1).toISOString(), timeZone: 'Europe/Berlin', days: [1], hours: { from: 18, to: 22 } } }),
      message({ messageId: 'once', priority: 1, caps: { perCampaign: 1 } }),
      message({ messageId: 'launch', trigger: { kind: 'launch' } }),
    ]);
    const ms = make();
    await ms.fetch();
    expect((await ms.eventLogged('level_up', { level: 12 }))?.messageId).toBe('rich');
    expect((await ms.eventLogged('level_up', { level: 3 }))?.messageId).toBe('once');
    expect(await ms.eventLogged('level_up', { level: 3 })).toBeNull();
    expect((await ms.launched())?.messageId).toBe('launch');
    advance(9 * 3_600_000); // 19:00 on Monday in Berlin
    expect((await ms.eventLogged('level_up', { level: 3 }))?.messageId).toBe('evening');
    advance(24 * 3_600_000); // Tuesday
    expect(await ms.eventLogged('level_up', { level: 3 })).toBeNull();
  });
});
