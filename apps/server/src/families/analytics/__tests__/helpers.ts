import { analyticsApi, appApi, projectApi } from '@wharf/contract';
import type { TestApp, TestUser } from '../../../harness';
import { appHeaders } from '../../../platform/__tests__/matrix/builders/app-users';
import { foldAll } from '../rollup';

let n = 0;
/** A project (in the given data location) with one Android app, and the app's client headers. */
export async function appOf(u: TestUser, dataLocation = 'china'): Promise<{ appId: string; headers: Record<string, string> }> {
  const projectId = (await u.call(projectApi.createProject, { body: { name: `Analytics ${(n += 1)}`, dataLocation } })).json().project.projectId as string;
  const app = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Measured ${n}`, packageName: `com.wharf.an${process.pid}.a${n}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
  return { appId: app.appId, headers: await appHeaders(u, app.appId) };
}

/** A batch as the SDK sends it. */
export function send(t: TestApp, headers: Record<string, string>, deviceId: string, body: object, extra: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `${analyticsApi.sendAnalyticsEvents.fullPath}?deviceId=${encodeURIComponent(deviceId)}`, headers: { ...headers, ...extra }, payload: body });
}

let ids = 0;
/** An event at the test clock's now (or `at`), with a fresh ID. */
export const event = (t: TestApp, name: string, extra: Record<string, unknown> = {}) => ({ id: `ev-${process.pid}-${(ids += 1)}`, name, at: t.clock.now().getTime(), ...extra });

/** The dashboards read the rollups: fold what was received, as the server's worker does every second. */
export const fold = (t: TestApp) => foldAll(t.deps);

export async function overview(u: TestUser, appId: string, from: string, to: string, compare = false) {
  const res = await u.call(analyticsApi.analyticsOverview, { query: { appId, from, to, compare: String(compare) } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json();
}
