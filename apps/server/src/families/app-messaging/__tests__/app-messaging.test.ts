import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMessagingApi as api } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { deviceFetch, levelUpPopup, logEvents, make, messagingApp } from './helpers';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
});
afterAll(() => t.close());

const state = (appId: string, messageId: string, action: string) => u.call(api.setMessageState, { query: { appId }, params: { messageId }, body: { action } });

describe('in-app messages', () => {
  it('reach devices only once published, in their language, for the versions targeted, and follow pause, resume and end', async () => {
    const { appId, key } = await messagingApp(u);
    const m = await make(u, appId, levelUpPopup(t.clock.now()));
    expect(m.state).toBe('draft');
    const none = await deviceFetch(t, key, 'device-0001', { appVersion: '2.1.0', language: 'ru-RU' });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().messages).toEqual([]);
    expect((await state(appId, m.messageId, 'publish')).json().message.state).toBe('running');
    const ru = await deviceFetch(t, key, 'device-0001', { appVersion: '2.1.0', language: 'ru-RU' });
    expect(ru.json().messages).toEqual([
      expect.objectContaining({ messageId: m.messageId, kind: 'popup', content: expect.objectContaining({ language: 'ruRU', title: 'Отлично!' }), trigger: { kind: 'event', event: 'level_up' }, caps: { perDay: 1 } }),
    ]);
    // Text is data: what the team typed comes back as typed, never as markup of the answer.
    const en = await deviceFetch(t, key, 'device-0002', { appVersion: '2.0', language: 'de-DE' });
    expect(en.headers['content-type']).toMatch(/^application\/json/);
    expect(en.json().messages[0].content).toMatchObject({ language: 'enUS', body: 'Take <b>50 gems</b> for your next level.' });
    expect((await deviceFetch(t, key, 'device-0003', { appVersion: '1.9.9' })).json().messages).toEqual([]);
    expect((await deviceFetch(t, key, 'device-0004', {})).json().messages).toEqual([]);
    const again = await deviceFetch(t, key, 'device-0001', { appVersion: '2.1.0', language: 'ru-RU' }, { 'if-none-match': String(ru.headers.etag) });
    expect(again.statusCode).toBe(304);
    // Still unchanged after the kept messages were read again.
    t.clock.advance(5000);
    expect((await deviceFetch(t, key, 'device-0001', { appVersion: '2.1.0', language: 'ru-RU' }, { 'if-none-match': String(ru.headers.etag) })).statusCode).toBe(304);
    expect((await state(appId, m.messageId, 'publish')).statusCode).toBe(409);
    expect((await state(appId, m.messageId, 'pause')).json().message.state).toBe('paused');
    expect((await deviceFetch(t, key, 'device-0001', { appVersion: '2.1.0' })).json().messages).toEqual([]);
    expect((await u.call(api.deleteMessage, { query: { appId }, params: { messageId: m.messageId } })).statusCode).toBe(409);
    expect((await state(appId, m.messageId, 'resume')).json().message.state).toBe('running');
    expect((await deviceFetch(t, key, 'device-0001', { appVersion: '2.1.0' })).json().messages).toHaveLength(1);
    const ended = (await state(appId, m.messageId, 'end')).json().message;
    expect(ended.state).toBe('ended');
    expect(ended.timeline.map((c: { action: string }) => c.action)).toEqual(['create', 'publish', 'pause', 'resume', 'end']);
    expect((await deviceFetch(t, key, 'device-0001', { appVersion: '2.1.0' })).json().messages).toEqual([]);
    expect((await u.call(api.updateMessage, { query: { appId }, params: { messageId: m.messageId }, body: levelUpPopup(t.clock.now()) })).statusCode).toBe(409);
    expect((await u.call(api.deleteMessage, { query: { appId }, params: { messageId: m.messageId } })).statusCode).toBe(200);
    const audit = await t.deps.database.executeSql(`select action from audit_events where target_id = $1 order by at`, [m.messageId]);
    expect(audit.rows.map((r) => (r as { action: string }).action)).toEqual(['app-messaging.create', 'app-messaging.publish', 'app-messaging.pause', 'app-messaging.resume', 'app-messaging.end', 'app-messaging.delete']);
  });

  it('is scheduled before its start and sent by priority, targeted by country, language and share of instances', async () => {
    const { appId, key } = await messagingApp(u);
    const later = await make(u, appId, levelUpPopup(new Date(t.clock.now().getTime() + 86_400_000), { name: 'Tomorrow', priority: 9 }));
    expect((await state(appId, later.messageId, 'publish')).json().message.state).toBe('scheduled');
    const german = await make(u, appId, levelUpPopup(t.clock.now(), { name: 'Germans', priority: 2, targeting: { countries: ['DE'], languages: ['de', 'en'] } }));
    await state(appId, german.messageId, 'publish');
    const half = await make(u, appId, levelUpPopup(t.clock.now(), { name: 'Half', priority: 1, targeting: { percentile: { from: 0, to: 50 } } }));
    await state(appId, half.messageId, 'publish');
    const ids = async (body: Record<string, unknown>, device = 'device-de-01', headers: Record<string, string> = {}) => (await deviceFetch(t, key, device, body, headers)).json().messages.map((m: { messageId: string }) => m.messageId);
    const de = await ids({ appVersion: '2.1' }, 'device-de-01', { 'accept-language': 'en-DE' });
    expect(de.slice(0, 2)).toEqual([later.messageId, german.messageId]);
    expect(await ids({ appVersion: '2.1', country: 'FR', language: 'fr' })).not.toContain(german.messageId);
    let shown = 0;
    for (let i = 0; i < 200; i++) if ((await ids({ appVersion: '2.1' }, `device-share-${i}`)).includes(half.messageId)) shown += 1;
    expect(shown).toBeGreaterThan(70);
    expect(shown).toBeLessThan(130);
    const listed = (await u.call(api.listMessages, { query: { appId } })).json().messages;
    expect(listed.map((m: { name: string; state: string }) => `${m.name}:${m.state}`)).toEqual(['Tomorrow:scheduled', 'Germans:running', 'Half:running']);
  });

  it('refuses a schedule that ends before it starts, a button without its address, missing default content and unknown audiences, in the caller\'s language', async () => {
    const { appId } = await messagingApp(u);
    const start = t.clock.now();
    const bad = await u.call(api.createMessage, { query: { appId }, body: levelUpPopup(start, { schedule: { startAt: start.toISOString(), endAt: new Date(start.getTime() - 1000).toISOString() } }), headers: { 'accept-language': 'ru' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual(expect.objectContaining({ field: 'schedule.endAt', reason: 'endAfterStart' }));
    const button = levelUpPopup(start);
    button.contents[0]!.buttons = [{ text: 'Go', action: 'url' } as never];
    expect((await u.call(api.createMessage, { query: { appId }, body: button })).json().errors).toContainEqual(expect.objectContaining({ reason: 'buttonTarget' }));
    const script = levelUpPopup(start);
    script.contents[0]!.buttons = [{ text: 'Go', action: 'url', target: 'javascript:alert(1)' }];
    expect((await u.call(api.createMessage, { query: { appId }, body: script })).json().errors).toContainEqual(expect.objectContaining({ reason: 'linkTarget' }));
    expect((await u.call(api.createMessage, { query: { appId }, body: levelUpPopup(start, { defaultLanguage: 'deDE' }) })).json().errors).toContainEqual(expect.objectContaining({ reason: 'defaultLanguageContent' }));
    const audience = await u.call(api.createMessage, { query: { appId }, body: levelUpPopup(start, { targeting: { audienceIds: ['00000000-0000-4000-8000-000000000999'] } }) });
    expect(audience.statusCode).toBe(400);
    expect((await u.call(api.listMessages, { query: { appId } })).json().messages).toEqual([]);
  });

  it('counts impressions, clicks, dismissals and conversions after an impression from what devices logged', async () => {
    const { appId, key } = await messagingApp(u);
    const m = await make(u, appId, levelUpPopup(t.clock.now()));
    await state(appId, m.messageId, 'publish');
    const now = t.clock.now();
    const at = (s: number) => new Date(now.getTime() - 60_000 + s * 1000);
    const props = { message_id: m.messageId };
    await logEvents(t, key, 'device-a-0001', [{ name: 'purchase', at: at(0) }, { name: 'ams_impression', at: at(1), properties: props }, { name: 'ams_click', at: at(2), properties: props }, { name: 'purchase', at: at(3) }]);
    await logEvents(t, key, 'device-b-0001', [{ name: 'ams_impression', at: at(1), properties: props }, { name: 'ams_dismiss', at: at(2), properties: props }]);
    await logEvents(t, key, 'device-c-0001', [{ name: 'purchase', at: at(1) }, { name: 'ams_impression', at: at(5), properties: { message_id: 'another' } }]);
    const stats = (await u.call(api.messageStatistics, { query: { appId, days: 7 }, params: { messageId: m.messageId } })).json().stats;
    expect(stats.totals).toEqual({ impressions: 2, clicks: 1, dismissals: 1, conversions: 1 });
    expect(stats.days).toHaveLength(7);
  });
});
