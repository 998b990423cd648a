import { appMessagingApi as api } from '@wharf/contract';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { ok } from '../answers';
import { appHeaders } from './app-users';

const input = (s: Seed, startAt: Date) => ({
  name: `Matrix ${Math.random().toString(36).slice(2, 8)}`,
  kind: 'popup',
  defaultLanguage: 'enUS',
  contents: [{ language: 'enUS', title: s.marker, body: 'Body', buttons: [{ text: 'OK', action: 'dismiss' }] }],
  trigger: { kind: 'launch' },
  schedule: { startAt: startAt.toISOString() },
});

/** A fresh message of A's app (its title carries the marker), published when asked. */
async function message(s: Seed, publish = false): Promise<string> {
  const q = { appId: s.a.app.appId };
  const made = await ok<{ message: { messageId: string } }>(await s.a.holder.call(api.createMessage, { query: q, body: input(s, s.t.clock.now()) }), 'message');
  if (publish) await ok(await s.a.holder.call(api.setMessageState, { query: q, params: { messageId: made.message.messageId }, body: { action: 'publish' } }), 'publish');
  return made.message.messageId;
}

/** An app's in-app messages, their states and statistics; a device's fetch. */
export function appMessagingBuilders(): Builders {
  return {
    'appMessaging.list': { build: async (s) => (await message(s), { query: { appId: s.a.app.appId } }) },
    'appMessaging.get': { build: async (s) => ({ query: { appId: s.a.app.appId }, params: { messageId: await message(s) } }) },
    'appMessaging.create': { build: (s) => ({ query: { appId: s.a.app.appId }, body: input(s, s.t.clock.now()) }) },
    'appMessaging.update': { build: async (s) => ({ query: { appId: s.a.app.appId }, params: { messageId: await message(s) }, body: input(s, s.t.clock.now()) }) },
    'appMessaging.setState': { build: async (s) => ({ query: { appId: s.a.app.appId }, params: { messageId: await message(s) }, body: { action: 'publish' } }) },
    'appMessaging.delete': { build: async (s) => ({ query: { appId: s.a.app.appId }, params: { messageId: await message(s) } }) },
    'appMessaging.stats': { build: async (s) => ({ query: { appId: s.a.app.appId }, params: { messageId: await message(s) } }) },
    'appMessaging.fetch': { build: async (s) => (await message(s, true), { headers: await appHeaders(s.a.holder, s.a.app.appId), query: { deviceId: `matrix-device-${Math.random().toString(36).slice(2, 10)}` }, body: { appVersion: '1.0' } }) },
  };
}
