import { appApi, appUsersApi, projectApi, storageApi } from '@wharf/contract';
import type { TestApp, TestUser } from '../../../harness';
import { appHeaders } from '../../../platform/__tests__/matrix/builders/app-users';

let n = 0;

/** A project with Cloud Storage on, one app (its key's headers) and anonymous sign-in on. */
export async function storageProject(u: TestUser): Promise<{ projectId: string; appId: string; bucket: string; key: Record<string, string> }> {
  n += 1;
  const projectId = (await u.call(projectApi.createProject, { body: { name: `Storage ${n}` } })).json().project.projectId as string;
  const app = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Photos ${n}`, packageName: `com.wharf.st${process.pid}.a${n}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
  await u.call(appUsersApi.setAuthMethods, { query: { projectId }, body: { anonymous: true, email: true } });
  const enabled = await u.call(storageApi.enableStorageService, { query: { projectId } });
  if (enabled.statusCode !== 200) throw new Error(enabled.body);
  return { projectId, appId: app.appId, bucket: enabled.json().bucket.name as string, key: await appHeaders(u, app.appId) };
}

/** A new anonymous app user: the app's key and the user's token, and the user's id. */
export async function appUserOf(t: TestApp, key: Record<string, string>): Promise<{ headers: Record<string, string>; id: string }> {
  const res = await t.app.inject({ method: 'POST', url: appUsersApi.signInAnonymously.fullPath, headers: { ...key, 'content-type': 'application/json' }, payload: {} });
  if (res.statusCode !== 200) throw new Error(res.body);
  const s = res.json() as { accessToken: string; user: { appUserId: string } };
  return { headers: { ...key, authorization: `Bearer ${s.accessToken}` }, id: s.user.appUserId };
}

/** A device's calls on the user-content origin. */
export function deviceOf(t: TestApp, bucket: string, headers: Record<string, string>) {
  const base = `/storage/v0/b/${bucket}`;
  const o = (name: string) => `${base}/o/${encodeURIComponent(name)}`;
  const app = t.deps.userContent.app;
  return {
    base,
    upload: (name: string, body: Buffer, contentType = 'application/octet-stream', extra: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: `${base}/o?name=${encodeURIComponent(name)}`, headers: { ...headers, 'content-type': contentType, ...extra }, payload: body }),
    get: (name: string, extra: Record<string, string> = {}) => app.inject({ url: o(name), headers: { ...headers, ...extra } }),
    media: (name: string, extra: Record<string, string> = {}, more = '') => app.inject({ url: `${o(name)}?alt=media${more}`, headers: { ...headers, ...extra } }),
    list: (prefix: string, more = '') => app.inject({ url: `${base}/o?prefix=${encodeURIComponent(prefix)}${more}`, headers }),
    patch: (name: string, body: object) => app.inject({ method: 'PATCH', url: o(name), headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
    remove: (name: string) => app.inject({ method: 'DELETE', url: o(name), headers }),
    sign: (name: string, expiresInSeconds?: number) => app.inject({ method: 'POST', url: `${base}/signedUrl`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ name, expiresInSeconds }) }),
    startResumable: (name: string, size: number, contentType = 'application/octet-stream') =>
      app.inject({ method: 'POST', url: `${base}/o?name=${encodeURIComponent(name)}&uploadType=resumable`, headers: { ...headers, 'x-upload-content-length': String(size), 'x-upload-content-type': contentType } }),
    chunk: (url: string, body: Buffer, range: string) => app.inject({ method: 'PUT', url: new URL(url).pathname, headers: { ...headers, 'content-type': 'application/octet-stream', 'content-range': range }, payload: body }),
  };
}
