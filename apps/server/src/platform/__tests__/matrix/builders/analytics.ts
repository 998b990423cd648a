import type { Seed } from '../seed';
import type { Builders } from '../types';
import { appHeaders } from './app-users';

const device = () => `matrix-device-${Math.random().toString(36).slice(2, 10)}`;

export function analyticsBuilders(): Builders {
  const app = async (s: Seed) => ((await s.fresh.app()) as { appId: string }).appId;
  return {
    'analytics.settings': { build: async (s) => ({ query: { appId: await app(s) } }) },
    'analytics.saveSettings': { build: async (s) => ({ query: { appId: await app(s) }, body: { timeZone: 'Europe/Moscow', retentionDays: 90 } }) },
    'analytics.overview': { build: async (s) => ({ query: { appId: await app(s), from: '2026-01-01', to: '2026-01-31', compare: 'true' } }) },
    'analytics.retention': { build: async (s) => ({ query: { appId: await app(s), from: '2026-01-01', to: '2026-01-31' } }) },
    'analytics.funnel': { build: async (s) => ({ query: { appId: await app(s), from: '2026-01-01', to: '2026-01-31', steps: 'first_open,purchase' } }) },
    'analytics.events': { build: async (s) => ({ query: { appId: await app(s), from: '2026-01-01', to: '2026-01-31' } }) },
    'analytics.portrait': { build: async (s) => ({ query: { appId: await app(s), from: '2026-01-01', to: '2026-01-31' } }) },
    'analytics.explore': { build: async (s) => ({ query: { appId: await app(s), from: '2026-01-01', to: '2026-01-31', event: 'purchase', groupBy: 'country', property: 'item', equals: 'sword' } }) },
    'analytics.deleteUserData': { build: async (s) => ({ query: { appId: await app(s) }, body: { instanceId: device() } }) },
    'analytics.send': {
      build: async (s) => ({
        headers: await appHeaders(s.a.holder, await app(s)),
        query: { deviceId: device() },
        body: { context: { appVersion: '1.0', os: 'android' }, events: [{ id: 'e1', name: 'first_open', at: s.t.clock.now().getTime() }] },
      }),
    },
    'analytics.optOut': { build: async (s) => ({ headers: await appHeaders(s.a.holder, await app(s)), query: { deviceId: device() }, body: { optedOut: true } }) },
  };
}
