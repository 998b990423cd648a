import { appApi, projectApi, remoteConfigApi, type RemoteTemplate } from '@wharf/contract';
import type { TestApp, TestUser } from '../../../harness';
import { appHeaders } from '../../../platform/__tests__/matrix/builders/app-users';

let n = 0;
/** A project with one Android app, and the app's client headers. */
export async function appOf(u: TestUser): Promise<{ appId: string; headers: Record<string, string> }> {
  const projectId = (await u.call(projectApi.createProject, { body: { name: `Remote ${(n += 1)}` } })).json().project.projectId as string;
  const app = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Configured ${n}`, packageName: `com.wharf.rc${process.pid}.a${n}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
  return { appId: app.appId, headers: await appHeaders(u, app.appId) };
}

/** A greeting with a value for Russia and one for app versions from 2.0, Russia first. */
export const GREETING: RemoteTemplate = {
  conditions: [
    { name: 'Russia', rules: [{ field: 'country', op: 'in', values: ['RU'] }] },
    { name: 'Version 2', rules: [{ field: 'appVersion', op: 'gte', value: '2.0' }] },
  ],
  parameters: [
    { key: 'greeting', type: 'string', defaultValue: 'Hello', conditionalValues: [{ condition: 'Russia', value: 'Привет' }, { condition: 'Version 2', value: 'Hi' }] },
    { key: 'max_items', type: 'number', defaultValue: '10', conditionalValues: [] },
  ],
};

/** Saves a template over the current draft and publishes it; returns the version's number. */
export async function publish(u: TestUser, appId: string, template: RemoteTemplate, description?: string): Promise<number> {
  const { revision } = (await u.call(remoteConfigApi.getRemoteConfig, { query: { appId } })).json().draft;
  const saved = await u.call(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template, revision } });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const res = await u.call(remoteConfigApi.publishRemoteConfig, { query: { appId }, body: { revision: saved.json().draft.revision, ...(description ? { description } : {}) } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().version.number as number;
}

/** A device's fetch, as the SDK sends it. */
export function deviceFetch(t: TestApp, headers: Record<string, string>, deviceId: string, body: object = {}, extra: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `${remoteConfigApi.fetchRemoteConfig.fullPath}?deviceId=${encodeURIComponent(deviceId)}`, headers: { ...headers, ...extra }, payload: body });
}
