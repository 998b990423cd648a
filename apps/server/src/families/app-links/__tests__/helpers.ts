import { appApi, appLinksApi as api, projectApi } from '@wharf/contract';
import type { TestApp, TestUser } from '../../../harness';
import { appHeaders } from '../../../platform/__tests__/matrix/builders/app-users';
import { appLinksOf } from '../services';

let n = 0;

export const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
export const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const HARMONY_UA = 'Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile';
export const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
export const CRAWLER_UA = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

/** A project with an Android app (and its key's headers) and a path prefix of a fresh name. */
export async function linkProject(u: TestUser) {
  n += 1;
  const projectId = (await u.call(projectApi.createProject, { body: { name: `Links ${n}` } })).json().project.projectId as string;
  const app = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Game ${n}`, packageName: `com.wharf.lk${process.pid}.a${n}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string; packageName: string };
  const name = `go${process.pid}-${n}`;
  const prefix = await u.call(api.createPrefix, { query: { projectId }, body: { kind: 'path', name } });
  if (prefix.statusCode !== 200) throw new Error(prefix.body);
  return { projectId, app, prefix: prefix.json().prefix as { prefixId: string; url: string; name: string }, key: await appHeaders(u, app.appId) };
}

export type LinkProject = Awaited<ReturnType<typeof linkProject>>;

/** Makes a link (asserting it was made). */
export async function makeLink(u: TestUser, p: LinkProject, body: Record<string, unknown>) {
  const res = await u.call(api.createLink, { query: { projectId: p.projectId }, body: { prefixId: p.prefix.prefixId, deepLink: 'https://example.com/item/7', ...body } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().link as { linkId: string; shortLink: string; suffix: string };
}

/** A click on a link's address on the user-content origin (its path; a Host for a link host). */
export function click(t: TestApp, shortLink: string, ua: string, headers: Record<string, string> = {}) {
  const url = new URL(shortLink);
  const own = new URL(t.deps.userContent.origin);
  return t.deps.userContent.app.inject({ url: url.pathname + url.search, headers: { 'user-agent': ua, ...(url.host === own.host ? {} : { host: url.host }), ...headers } });
}

/** What the instances counted, written now. */
export const flushCounts = (t: TestApp) => appLinksOf(t.deps).meter.flush(t.deps.db);

/** An app's call with its key. */
export const appCall = (t: TestApp, key: Record<string, string>, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...key, 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
