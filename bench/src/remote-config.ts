import { abTestingApi, APP_CLIENT_HEADERS, appApi, buildPath, projectApi, remoteConfigApi, type RemoteTemplate } from '@wharf/contract';
import { call } from './release';

/** What the remote configuration lines send: an app's key and the fetch's address. */
export interface RemoteConfigBench {
  appId: string;
  keyHeaders: Record<string, string>;
  fetchPath: (deviceId: string) => string;
  body: string;
  /** The ETag a fixed device holds, for the 304 line. */
  etag: string;
  fixedDevice: string;
}

const COUNTRIES = ['RU', 'DE', 'FR', 'CN', 'BR', 'IN', 'US', 'JP'];

/**
 * Issue 27's shape: 20 parameters and 10 conditions of every kind a fetch tests (countries,
 * versions, OS, language, a user property, two shares of users with their own seeds, a date).
 */
export function benchTemplate(): RemoteTemplate {
  const conditions: RemoteTemplate['conditions'] = [
    { name: 'Russia', rules: [{ field: 'country', op: 'in', values: ['RU', 'BY', 'KZ'] }] },
    { name: 'New app', rules: [{ field: 'appVersion', op: 'gte', value: '3.0' }] },
    { name: 'Old OS', rules: [{ field: 'os', op: 'in', values: ['android'] }, { field: 'osVersion', op: 'lt', value: '10' }] },
    { name: 'Russian speakers', rules: [{ field: 'language', op: 'in', values: ['ru'] }] },
    { name: 'Pro users', rules: [{ field: 'userProperty', name: 'plan', op: 'in', values: ['pro'] }] },
    { name: 'Ten percent', rules: [{ field: 'percentile', seed: 'bench-a', from: 0, to: 10 }] },
    { name: 'Half', rules: [{ field: 'percentile', seed: 'bench-b', from: 0, to: 50 }] },
    { name: 'Europe', rules: [{ field: 'country', op: 'in', values: ['DE', 'FR', 'IT', 'ES', 'PL'] }] },
    { name: 'Pixel', rules: [{ field: 'deviceModel', op: 'in', values: ['Pixel 8', 'Pixel 9'] }] },
    { name: 'After launch', rules: [{ field: 'dateTime', op: 'after', value: '2026-01-01T00:00:00Z' }] },
  ];
  const parameters: RemoteTemplate['parameters'] = Array.from({ length: 20 }, (_, i) => ({
    key: `param_${i}`,
    type: i % 4 === 0 ? 'number' : 'string',
    defaultValue: i % 4 === 0 ? String(i) : `default ${i}`,
    conditionalValues: [conditions[i % 10]!, conditions[(i + 3) % 10]!].map((c, j) => ({ condition: c.name, value: i % 4 === 0 ? String(i * 10 + j) : `${c.name} ${i}` })),
  }));
  return { conditions, parameters };
}

/** A project with an app, the template published, fetches unthrottled (every bench request is a fetch). */
export async function remoteConfigBench(base: string, headers: Record<string, string>): Promise<RemoteConfigBench> {
  const project = (await call(base, headers, projectApi.createProject, { body: { name: 'Bench remote config' } })).project as { projectId: string };
  const app = (await call(base, headers, appApi.createApp, { body: { projectId: project.projectId, platform: 'android', name: 'Bench configured app', packageName: `com.bench.rc${Date.now()}`, category: 'app', defaultLanguage: 'enUS' } })).app as { appId: string };
  const appId = app.appId;
  const saved = await call(base, headers, remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template: benchTemplate(), revision: 0 } });
  await call(base, headers, remoteConfigApi.publishRemoteConfig, { query: { appId }, body: { revision: (saved.draft as { revision: number }).revision } });
  await call(base, headers, remoteConfigApi.setRemoteSettings, { query: { appId }, body: { minimumFetchIntervalSeconds: 0, requireReview: false } });
  const client = (await call(base, headers, appApi.getAppClient, { query: { appId } })).client as { clientId: string; apiKey: string };
  const keyHeaders = { [APP_CLIENT_HEADERS.clientId]: client.clientId, [APP_CLIENT_HEADERS.apiKey]: client.apiKey, 'content-type': 'application/json' };
  const path = buildPath(remoteConfigApi.fetchRemoteConfig);
  const body = JSON.stringify({ appVersion: '3.1', os: 'android', osVersion: '14', country: COUNTRIES[3], language: 'zh-CN', deviceModel: 'Pixel 8', userProperties: { plan: 'pro' } });
  const fixedDevice = 'bench-device-fixed';
  const first = await fetch(`${base}${path}?deviceId=${fixedDevice}`, { method: 'POST', headers: keyHeaders, body });
  if (!first.ok) throw new Error(`remote config fetch: ${first.status} ${await first.text()}`);
  return { appId, keyHeaders, fetchPath: (deviceId) => `${path}?deviceId=${deviceId}`, body, etag: first.headers.get('etag') ?? '', fixedDevice };
}

/**
 * Two A/B experiments started on the bench app (half of the Russian-speaking devices on two
 * variants; every device on three), so a fetch also assigns variants and lays their values over.
 */
export async function startBenchExperiments(base: string, headers: Record<string, string>, appId: string): Promise<void> {
  const experiments = [
    { name: 'Bench two-way', parameters: ['param_1'], targeting: { rules: [{ field: 'language' as const, op: 'in' as const, values: ['zh', 'ru'] }], percent: 50 }, variants: [{ name: 'A', weight: 1, values: {} }, { name: 'B', weight: 1, values: { param_1: 'tried' } }] },
    { name: 'Bench three-way', parameters: ['param_2', 'param_4'], targeting: { rules: [], percent: 100 }, variants: [{ name: 'A', weight: 2, values: {} }, { name: 'B', weight: 1, values: { param_2: 'b', param_4: '40' } }, { name: 'C', weight: 1, values: { param_2: 'c', param_4: '41' } }] },
  ];
  for (const e of experiments) {
    const made = (await call(base, headers, abTestingApi.createExperiment, { query: { appId }, body: { ...e, primaryMetric: { kind: 'conversion', event: 'purchase' }, secondaryMetrics: [] } })).experiment as { id: string; revision: number };
    await call(base, headers, abTestingApi.startExperiment, { params: { experimentId: made.id }, query: { appId }, body: { revision: made.revision } });
  }
}
