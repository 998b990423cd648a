import { APP_CLIENT_HEADERS, appApi, appMessagingApi } from '@wharf/contract';
import { load, type LoadResult } from './load';
import type { Started } from './processes';
import { call } from './release';
import type { Row } from './report';

const COUNTRIES = ['DE', 'RU', 'CN', 'FR', 'US', 'BR', 'IN', 'JP', 'TR', 'ES'];

/**
 * App Messaging (issue 28) against the bare route: a device's fetch for an app with 50
 * running messages, a new instance each time, with the app key checked, each message's
 * targeting tested and the answer assembled from messages serialised once. As apps target
 * them, the 50 are spread over countries, versions and shares of instances, and a device in
 * Germany on 2.1 holds about 15 (target ≥ 0.35 of the bare route); a second line has every
 * one of the 50 hold (an answer of about 20 KiB), with no target. The per-app fetch limit
 * is lifted for the run.
 */
export async function messagingLines(o: { server: Started; headers: Record<string, string>; appId: string; label: string; baseline: LoadResult; connections: number; durationSec: number }): Promise<Row[]> {
  const typical = await fetchLine(o, 'typical', (i) => ({ minVersion: i % 2 ? '2.0' : null, countries: i % 5 === 0 ? [] : [COUNTRIES[i % COUNTRIES.length]!], percentile: i % 4 ? null : { from: 0, to: 50 } }));
  const every = await fetchLine(o, 'every', () => ({}));
  return [
    { result: typical, baseline: o.baseline, target: { minRpsRatio: 0.35, maxP99Ratio: 3 } },
    { result: every, baseline: o.baseline },
  ];
}

async function fetchLine(o: Parameters<typeof messagingLines>[0], kind: 'typical' | 'every', targeting: (i: number) => Record<string, unknown>): Promise<LoadResult> {
  // A fresh app each time, so one line's messages are not the other's.
  const projectId = ((await call(o.server.url, o.headers, appApi.getApp, { query: { appId: o.appId } })).app as { projectId: string }).projectId;
  const app = (await call(o.server.url, o.headers, appApi.createApp, { body: { projectId, platform: 'android', name: `Bench messages ${kind}`, packageName: `com.bench.messages.${kind}${process.pid}`, category: 'app', defaultLanguage: 'enUS' } })).app as { appId: string };
  const query = { appId: app.appId };
  const startAt = new Date(Date.now() - 60_000).toISOString();
  for (let i = 0; i < 50; i++) {
    const made = (await call(o.server.url, o.headers, appMessagingApi.createMessage, {
      query,
      body: {
        name: `Bench ${i}`,
        kind: 'popup',
        priority: 1 + (i % 10),
        defaultLanguage: 'enUS',
        contents: [
          { language: 'enUS', title: `Offer ${i}`, body: 'Take 50 gems for your next level.', buttons: [{ text: 'Take', action: 'deepLink', target: 'https://example.com/shop' }, { text: 'Later', action: 'dismiss' }] },
          { language: 'ruRU', title: `Предложение ${i}`, body: 'Возьмите 50 кристаллов.', buttons: [{ text: 'Взять', action: 'deepLink', target: 'https://example.com/shop' }] },
        ],
        trigger: { kind: 'event', event: `level_${i % 5}`, conditions: [] },
        targeting: targeting(i),
        schedule: { startAt },
      },
    })).message as { messageId: string };
    await call(o.server.url, o.headers, appMessagingApi.setMessageState, { query, params: { messageId: made.messageId }, body: { action: 'publish' } });
  }
  const client = (await call(o.server.url, o.headers, appApi.getAppClient, { query })).client as { clientId: string; apiKey: string };
  const key = { [APP_CLIENT_HEADERS.clientId]: client.clientId, [APP_CLIENT_HEADERS.apiKey]: client.apiKey, 'content-type': 'application/json' };
  let device = 0;
  const path = (n: number) => `${appMessagingApi.fetchMessages.fullPath}?deviceId=bench-device-${n}`;
  return load({
    name: kind === 'typical' ? `POST ams client/messages (50 messages, ~15 hold; a new instance each) on ${o.label}` : `POST ams client/messages (all 50 hold, ~20 KiB) on ${o.label}`,
    url: `${o.server.url}${path(0)}`,
    pathOf: () => path((device += 1)),
    method: 'POST',
    body: JSON.stringify({ appVersion: '2.1', country: 'DE', language: 'de-DE' }),
    headers: key,
    connections: o.connections,
    durationSec: o.durationSec,
  });
}
