import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analytics } from '@wharf/analytics';
import { createClient, memoryStore, type WharfConfigFile } from '@wharf/client';
import { APP_MESSAGING_FETCH, getAppMessaging } from '@wharf/client/app-messaging';
import { appApi, appMessagingApi as api } from '@wharf/contract';
import { createTestApp, injectFetch, TestUser, type TestApp } from '../../../harness';
import { levelUpPopup, make, messagingApp } from './helpers';

// @wharf/client's in-app messaging against the real server: a device on 2.1 logs level_up
// twice and may show the pop-up once (its cap), taps its button, and the message's
// statistics count the impression and the click it logged through App Analytics.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const serverFetch = injectFetch(() => t);

describe('@wharf/client in-app messaging', () => {
  it('shows the pop-up once for two level_up events and its statistics count the impression and the click', async () => {
    const u = await TestUser.register(t);
    const { appId } = await messagingApp(u);
    const m = await make(u, appId, levelUpPopup(new Date(t.clock.now().getTime() - 60_000)));
    await u.call(api.setMessageState, { query: { appId }, params: { messageId: m.messageId }, body: { action: 'publish' } });
    const file = (await u.call(appApi.getAppConfigFile, { query: { appId } })).json().content as WharfConfigFile;
    const now = () => t.clock.now().getTime();
    const store = memoryStore();
    const wharf = createClient(JSON.stringify(file), { gateway: 'http://wharf.test/agc/edge', fetch: serverFetch, store, now });
    const analytics = new Analytics(wharf, { now, flushIntervalMs: 0, automaticEvents: false, context: () => ({ appVersion: '2.1', os: 'android' }) });
    const messaging = getAppMessaging(wharf, { events: analytics, attributes: () => ({ appVersion: '2.1', language: 'ru-RU' }), now });

    expect(await messaging.fetch()).toBe(1);
    analytics.logEvent('level_up', { level: 2 });
    const shown = await messaging.eventLogged('level_up', { level: 2 });
    expect(shown?.content.title).toBe('Отлично!');
    messaging.clicked(shown!, 0);
    analytics.logEvent('level_up', { level: 3 });
    expect(await messaging.eventLogged('level_up', { level: 3 })).toBeNull();
    analytics.logEvent('purchase', { item: 'gems' });
    await analytics.flush();

    const stats = (await u.call(api.messageStatistics, { query: { appId }, params: { messageId: m.messageId } })).json().stats;
    expect(stats.totals).toEqual({ impressions: 1, clicks: 1, dismissals: 0, conversions: 1 });
    // Unchanged: the next fetch is a 304 and the device keeps what it holds.
    expect(await messaging.fetch()).toBe(1);
  });

  it('sends the fetch where the contract says', () => {
    expect([APP_MESSAGING_FETCH.method, `/agc/edge${APP_MESSAGING_FETCH.path}`]).toEqual([api.fetchMessages.method, api.fetchMessages.fullPath]);
  });
});
