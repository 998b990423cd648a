import { analyticsApi } from '@wharf/contract';
import { makeOneExport } from '../../../../families/analytics/report-worker';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { appHeaders } from './app-users';

const template = { name: 'Matrix', definition: { dimension: 'day', metrics: ['activeUsers'], events: ['purchase'] }, rangeDays: 7, format: 'csv', schedule: 'off', shared: true };
const exportBody = { name: 'Matrix', definition: template.definition, from: '2026-01-01', to: '2026-01-31', format: 'csv' };

const device = () => `matrix-device-${Math.random().toString(36).slice(2, 10)}`;

export function analyticsBuilders(): Builders {
  const app = async (s: Seed) => ((await s.fresh.app()) as { appId: string }).appId;
  /** A template of A's holder on a fresh app. */
  const templateOf = async (s: Seed) => {
    const appId = await app(s);
    const res = await s.a.holder.call(analyticsApi.createReportTemplate, { query: { appId }, body: template });
    return { appId, templateId: (res.json() as { template: { templateId: string } }).template.templateId };
  };
  const audienceBody = { name: 'Matrix buyers', conditions: [{ kind: 'event', event: 'purchase', atLeast: 1, withinDays: 7 }] };
  /** An audience of A's holder on a fresh app. */
  const audienceOf = async (s: Seed) => {
    const appId = await app(s);
    const res = await s.a.holder.call(analyticsApi.createAudience, { query: { appId }, body: audienceBody });
    return { appId, audienceId: (res.json() as { audience: { audienceId: string } }).audience.audienceId };
  };
  return {
    'analytics.audiences': { build: async (s) => ({ query: { appId: await app(s) } }) },
    'analytics.createAudience': { build: async (s) => ({ query: { appId: await app(s) }, body: audienceBody }) },
    'analytics.updateAudience': { build: async (s) => ({ query: await audienceOf(s), body: { ...audienceBody, name: 'Renamed' } }) },
    'analytics.deleteAudience': { build: async (s) => ({ query: await audienceOf(s) }) },
    'analytics.recomputeAudience': { build: async (s) => ({ query: await audienceOf(s) }) },
    'analytics.instanceAudiences': { build: async (s) => ({ query: { appId: await app(s), instanceId: device() } }) },
    'analytics.reportTemplates': { build: async (s) => ({ query: { appId: await app(s) } }) },
    'analytics.createReportTemplate': { build: async (s) => ({ query: { appId: await app(s) }, body: template }) },
    'analytics.updateReportTemplate': { build: async (s) => ({ query: await templateOf(s), body: { ...template, name: 'Renamed' } }) },
    'analytics.deleteReportTemplate': { build: async (s) => ({ query: await templateOf(s) }) },
    'analytics.createExport': { build: async (s) => ({ query: { appId: await app(s) }, body: exportBody }) },
    'analytics.exports': { build: async (s) => ({ query: { appId: await app(s) } }) },
    'analytics.exportFile': {
      build: async (s) => {
        const appId = await app(s);
        const res = await s.a.holder.call(analyticsApi.createAnalyticsExport, { query: { appId }, body: exportBody });
        while (await makeOneExport(s.t.deps));
        return { query: { appId, exportId: (res.json() as { export: { exportId: string } }).export.exportId } };
      },
    },
    'analytics.settings': { build: async (s) => ({ query: { appId: await app(s) } }) },
    'analytics.saveSettings': { build: async (s) => ({ query: { appId: await app(s) }, body: { timeZone: 'Europe/Moscow', retentionDays: 90 } }) },
    'analytics.overview': { build: async (s) => ({ query: { appId: await app(s), from: '2026-01-01', to: '2026-01-31', compare: 'true' } }) },
    'analytics.distribution': { build: async (s) => ({ query: { appId: await app(s), from: '2026-01-01', to: '2026-01-31' } }) },
    'analytics.retention': { build: async (s) => ({ query: { appId: await app(s), from: '2026-01-01', to: '2026-01-31' } }) },
    'analytics.funnel': { build: async (s) => ({ query: { appId: await app(s), from: '2026-01-01', to: '2026-01-31', steps: 'first_open,purchase' } }) },
    'analytics.events': { build: async (s) => ({ query: { appId: await app(s), from: '2026-01-01', to: '2026-01-31' } }) },
    'analytics.industry': { build: async (s) => ({ query: { appId: await app(s), from: '2026-01-01', to: '2026-01-31' } }) },
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
