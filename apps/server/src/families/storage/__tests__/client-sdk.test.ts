import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, memoryStore, WharfError, type WharfConfigFile } from '@wharf/client';
import { getStorage } from '@wharf/client/cloud-storage';
import { appApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { storageProject } from './helpers';

// The device SDK's Cloud Storage against the real server (in-process, both origins), with
// the configuration file the console downloads.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** fetch answered by the console or the user-content app by host, bodies as bytes; `drop` fails chosen calls as a lost connection would. */
function serverFetch(drop: (url: string, init: RequestInit) => boolean = () => false): typeof fetch {
  return (async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    if (drop(input, init)) throw new TypeError('fetch failed: connection reset');
    const target = url.hostname === 'usercontent.localhost' ? t.deps.userContent.app : t.app;
    const body = init.body instanceof Uint8Array ? Buffer.from(init.body) : init.body instanceof Blob ? Buffer.from(await init.body.arrayBuffer()) : typeof init.body === 'string' ? init.body : undefined;
    const res = await target.inject({ method: (init.method ?? 'GET') as 'GET', url: url.pathname + url.search, headers: init.headers as Record<string, string>, ...(body !== undefined ? { payload: body } : {}) });
    const empty = res.statusCode === 204 || res.statusCode === 304 || res.statusCode === 308;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: res.headers as Record<string, string> });
  }) as unknown as typeof fetch;
}

describe('@wharf/client Cloud Storage', () => {
  it('uploads in resumable chunks through a dropped connection, lists, links, downloads and deletes as the signed-in user', async () => {
    const u = await TestUser.register(t);
    const p = await storageProject(u);
    const file = (await u.call(appApi.getAppConfigFile, { query: { appId: p.appId } })).json().content as WharfConfigFile;
    expect(file.cloudstorage?.storage_url).toMatch(/^http:\/\/usercontent\.localhost:\d+\/storage\/v0$/);
    let chunks = 0;
    const fetchImpl = serverFetch((url, init) => url.includes('/uploads/') && init.method === 'PUT' && String((init.headers as Record<string, string>)['content-range']).startsWith('bytes 65536-') && (chunks += 1) === 1);
    const device = createClient(JSON.stringify(file), { gateway: 'http://wharf.test/agc/edge', fetch: fetchImpl, store: memoryStore() });
    const user = await device.auth.signInAnonymously();
    const storage = getStorage(device, { bucket: p.bucket, fetch: fetchImpl, resumableFrom: 100_000, chunkBytes: 65_536, sleep: async () => undefined });
    const bytes = randomBytes(200_000);
    const progress: number[] = [];
    const stored = await storage.upload(`users/${user.appUserId}/clip.bin`, new Uint8Array(bytes), { metadata: { take: '2' }, onProgress: (sent) => progress.push(sent) });
    expect(stored).toMatchObject({ size: 200_000, owner: user.appUserId, metadata: { take: '2' } });
    expect(chunks).toBe(2);
    expect(progress.at(-1)).toBe(200_000);
    expect(Buffer.from(await storage.download(`users/${user.appUserId}/clip.bin`)).equals(bytes)).toBe(true);
    expect(Buffer.from(await storage.download(`users/${user.appUserId}/clip.bin`, { start: 10, end: 19 })).equals(bytes.subarray(10, 20))).toBe(true);
    await storage.upload(`users/${user.appUserId}/notes/a.txt`, new Uint8Array(Buffer.from('hi')), { contentType: 'text/plain' });
    const listed = await storage.list(`users/${user.appUserId}/`);
    expect(listed.prefixes).toEqual([`users/${user.appUserId}/notes/`]);
    expect(listed.items.map((i) => i.name)).toEqual([`users/${user.appUserId}/clip.bin`]);
    expect(await storage.getDownloadUrl(`users/${user.appUserId}/clip.bin`, 60)).toContain('sig=');
    await storage.delete(`users/${user.appUserId}/clip.bin`);
    const gone = await storage.getMetadata(`users/${user.appUserId}/clip.bin`).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(WharfError);
    expect((gone as WharfError).status).toBe(404);
    const elsewhere = await storage.upload('shared/x.txt', new Uint8Array([1])).catch((e: unknown) => e);
    expect((elsewhere as WharfError).status).toBe(403);
  });
});
