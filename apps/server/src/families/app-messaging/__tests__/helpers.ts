import { analyticsApi, appApi, appMessagingApi as api, projectApi } from '@wharf/contract';
import type { TestApp, TestUser } from '../../../harness';
import { appHeaders } from '../../../platform/__tests__/matrix/builders/app-users';

let n = 0;

/** A project with an Android app and its key's headers. */
export async function messagingApp(u: TestUser) {
  n += 1;
  const projectId = (await u.call(projectApi.createProject, { body: { name: `Messaging ${n}` } })).json().project.projectId as string;
  const app = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Quest ${n}`, packageName: `com.wharf.ms${process.pid}.a${n}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
  return { appId: app.appId, key: await appHeaders(u, app.appId) };
}

/** A pop-up in English and Russian, shown on `level_up` for version 2.0 and later, once a day. */
export const levelUpPopup = (startAt: Date, over: Record<string, unknown> = {}) => ({
  name: 'Level up offer',
  kind: 'popup',
  priority: 5,
  defaultLanguage: 'enUS',
  contents: [
    { language: 'enUS', title: 'Well done!', body: 'Take <b>50 gems</b> for your next level.', buttons: [{ text: 'Take them', action: 'deepLink', target: 'https://quest.example.com/shop/gems' }, { text: 'Later', action: 'dismiss' }] },
    { language: 'ruRU', title: 'Отлично!', body: 'Возьмите 50 кристаллов на следующий уровень.', buttons: [{ text: 'Взять', action: 'deepLink', target: 'https://quest.example.com/shop/gems' }] },
  ],
  trigger: { kind: 'event', event: 'level_up', conditions: [] },
  targeting: { minVersion: '2.0' },
  schedule: { startAt: startAt.toISOString(), endAt: new Date(startAt.getTime() + 30 * 86_400_000).toISOString(), timeZone: 'Europe/Berlin' },
  caps: { perDay: 1 },
  conversionEvent: 'purchase',
  ...over,
});

export const make = async (u: TestUser, appId: string, body: Record<string, unknown>) => {
  const res = await u.call(api.createMessage, { query: { appId }, body });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().message as { messageId: string; state: string };
};

/** A device's fetch with the app's key. */
export const deviceFetch = (t: TestApp, key: Record<string, string>, deviceId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${api.fetchMessages.fullPath}?deviceId=${deviceId}`, headers: { ...key, 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

/** Events a device logs to App Analytics (as the in-app messaging client does). */
export const logEvents = (t: TestApp, key: Record<string, string>, deviceId: string, events: Array<{ name: string; at: Date; properties?: Record<string, string> }>) =>
  t.app.inject({
    method: 'POST',
    url: `${analyticsApi.sendAnalyticsEvents.fullPath}?deviceId=${deviceId}`,
    headers: { ...key, 'content-type': 'application/json' },
    payload: JSON.stringify({ context: { appVersion: '2.1.0' }, events: events.map((e, i) => ({ id: `${deviceId}-${e.name}-${e.at.getTime()}-${i}`, name: e.name, at: e.at.toISOString(), ...(e.properties ? { properties: e.properties } : {}) })) }),
  });
