import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { projectApi, storageApi as api, type StorageBucket, type StorageObjectInfo } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { loadECharts } from '../../../test/chart-mock';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';

const OK = { code: 0, msg: 'success' };
const PROJECT_ID = '00000000-0000-4000-8000-000000000001';
const AT = '2026-03-09T12:00:00.000Z';
const BUCKET: StorageBucket = { name: 'wharf-00000000-abcd', isDefault: true, objects: 2, bytes: 3000, createdAt: AT };
const file = (name: string, o: Partial<StorageObjectInfo> = {}): StorageObjectInfo => ({ name, size: 1500, contentType: 'image/png', etag: '"x"', cacheControl: null, metadata: {}, owner: null, generation: 1, createdAt: AT, updatedAt: AT, ...o });
const RULES = [{ match: '/users/{uid}/{rest=**}', read: 'auth != null && auth.uid == uid', list: 'auth != null && auth.uid == uid', write: 'auth != null && auth.uid == uid', delete: 'auth != null && auth.uid == uid' }];

function serve(enabled: boolean) {
  let on = enabled;
  answerCalls(callEndpoint, {
    ...shellHandlers(),
    [projectApi.getProject.id]: () => ({ ret: OK, project: { projectId: PROJECT_ID, name: 'P', dataLocation: 'china', createdAt: AT, updatedAt: AT } }),
    [api.getStorageService.id]: () => ({ ret: OK, enabled: on, buckets: on ? [BUCKET] : [], quotaBytes: 5 * 1024 ** 3, usedBytes: on ? 3000 : 0, deviceBase: 'http://usercontent.localhost:8081/storage/v0' }),
    [api.enableStorageService.id]: () => ((on = true), { ret: OK, bucket: BUCKET }),
    [api.listObjects.id]: (o) => {
      const prefix = (o.query as { prefix: string }).prefix;
      return prefix === '' ? { ret: OK, folders: ['photos/'], objects: [file('cat.png'), file('notes.txt', { contentType: 'text/plain' })], nextCursor: null } : { ret: OK, folders: [], objects: [file(`${prefix}dog.png`)], nextCursor: null };
    },
    [api.uploadObject.id]: (o) => ({ ret: OK, object: file((o.query as { name: string }).name) }),
    [api.signObjectUrl.id]: () => ({ ret: OK, url: 'http://usercontent.localhost:8081/storage/v0/b/x/o/cat.png?alt=media&expires=1&sig=s', expiresAt: AT }),
    [api.getBucketRules.id]: () => ({ ret: OK, rules: RULES, updatedAt: AT }),
    [api.putBucketRules.id]: (o) => ({ ret: OK, rules: (o.body as { rules: unknown }).rules, updatedAt: AT }),
    [api.getBucketCors.id]: () => ({ ret: OK, cors: [] }),
    [api.putBucketCors.id]: (o) => ({ ret: OK, cors: (o.body as { cors: unknown }).cors }),
    [api.getStorageUsage.id]: () => ({ ret: OK, days: [{ day: '2026-03-08', uploads: 2, uploadBytes: 3000, downloads: 5, downloadBytes: 7000, deletes: 0 }, { day: '2026-03-09', uploads: 0, uploadBytes: 0, downloads: 1, downloadBytes: 1500, deletes: 1 }] }),
  });
}

beforeEach(() => {
  setSessionCookies({ siteId: 8 });
  loadECharts.mockImplementation(async () => ({ init: () => ({ setOption() {}, resize() {}, dispose() {} }) }) as never);
});
afterEach(() => {
  callEndpoint.mockReset();
  loadECharts.mockReset();
  clearSessionCookies();
  localStorage.clear();
});

describe('the Cloud Storage page', () => {
  it('says what turning it on gives, and turns it on', async () => {
    serve(false);
    renderApp('en', `#/projects/${PROJECT_ID}/storage`);
    expect(await screen.findByText(/Cloud Storage is off for this project/)).toBeTruthy();
    fireEvent.click(screen.getByText('Turn on Cloud Storage').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.enableStorageService)).toHaveLength(1));
    expect(await screen.findByText('cat.png')).toBeTruthy();
  });

  it('browses folders, uploads with progress into the open folder, and makes a link', async () => {
    serve(true);
    renderApp('en', `#/projects/${PROJECT_ID}/storage`);
    expect(await screen.findByText('notes.txt')).toBeTruthy();
    fireEvent.click(screen.getByText('📁 photos/'));
    expect(await screen.findByText('dog.png')).toBeTruthy();
    expect(callsTo(callEndpoint, api.listObjects).at(-1)).toMatchObject({ query: { prefix: 'photos/' } });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'.repeat(2000)], 'bird.png', { type: 'image/png' })] } });
    await waitFor(() => expect(callsTo(callEndpoint, api.uploadObject)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.uploadObject)[0]).toMatchObject({ query: { projectId: PROJECT_ID, bucket: BUCKET.name, name: 'photos/bird.png', contentType: 'image/png' } });
    expect(await screen.findByLabelText('Upload of photos/bird.png')).toBeTruthy();
    fireEvent.click(screen.getByText('Link').closest('button')!);
    fireEvent.click(await screen.findByText('Make and copy link'));
    const url = (await screen.findByLabelText('Download link')) as HTMLInputElement;
    expect(url.value).toContain('/storage/v0/b/');
    expect(callsTo(callEndpoint, api.signObjectUrl)[0]).toMatchObject({ query: { name: 'photos/dog.png' }, body: { expiresInSeconds: 3600 } });
  });

  it('checks rules as they are typed, tries them, keeps them on the device and saves them', async () => {
    serve(true);
    renderApp('en', `#/projects/${PROJECT_ID}/storage?tab=rules`);
    const write = (await screen.findByLabelText('Write rule of rule 1')) as HTMLInputElement;
    expect(screen.getByRole('status').textContent).toBe('Allowed by rule 1');
    fireEvent.change(write, { target: { value: 'auth.uid == owner' } });
    expect(await screen.findByText(/Rule 1, Write: an unknown name \(owner\)/)).toBeTruthy();
    expect(screen.getByText('Save rules').closest('button')!.hasAttribute('disabled')).toBe(true);
    fireEvent.change(write, { target: { value: "auth != null && request.contentGroup == 'image' && request.size < 50000" } });
    expect(screen.getByRole('status').textContent).toBe('Refused');
    await waitFor(() => expect(localStorage.getItem(`wharf.storageRules.${PROJECT_ID}:${BUCKET.name}`)).toContain('contentGroup'));
    fireEvent.click(screen.getByText('Save rules').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.putBucketRules)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.putBucketRules)[0]).toMatchObject({ body: { rules: [{ write: "auth != null && request.contentGroup == 'image' && request.size < 50000" }] } });
    await waitFor(() => expect(localStorage.getItem(`wharf.storageRules.${PROJECT_ID}:${BUCKET.name}`)).toBeNull());
  });

  it('saves CORS rules and charts the usage', async () => {
    serve(true);
    renderApp('en', `#/projects/${PROJECT_ID}/storage?tab=cors`);
    expect(await screen.findByText(/No CORS rules/)).toBeTruthy();
    fireEvent.click(screen.getByText('Add CORS rule').closest('button')!);
    const origins = await screen.findByLabelText('Origins');
    fireEvent.change(origins, { target: { value: 'https://app.example.com' } });
    fireEvent.keyDown(origins, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByText('Save CORS').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.putBucketCors)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.putBucketCors)[0]).toMatchObject({ body: { cors: [{ origins: ['https://app.example.com'], methods: ['GET'], maxAgeSeconds: 3600 }] } });
    fireEvent.click(screen.getByText('Usage'));
    expect(await screen.findByText(/Uploads, downloads and deletes per day over the last 30 days/)).toBeTruthy();
  });
});
