import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { reconcileStorage } from '../sweep';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
});
afterAll(() => t.close());

const keys = async () => {
  const out: string[] = [];
  for await (const k of t.deps.storage.list('')) out.push(k);
  return out.sort();
};

describe('the start-up check of storage against the database', () => {
  it('removes stored files and parts no row refers to, and nothing else', async () => {
    const kept = (await u.call(fileApi.uploadObject, { query: { fileName: 'kept.bin' }, raw: Buffer.from('kept') })).json().object.objectId as string;
    const live = (await u.call(fileApi.multipartInit, { body: { fileName: 'm.bin', size: 4 } })).json().uploadId as string;
    await u.call(fileApi.multipartPart, { query: { uploadId: live, partNumber: 1 }, raw: Buffer.from('abcd') });
    // What a crash leaves: bytes of a file whose row was deleted, a part of an upload that is gone.
    const orphanFile = `files/${u.teamId}/00000000-0000-4000-8000-00000000000a`;
    const orphanPart = 'multipart/00000000-0000-4000-8000-00000000000b/1';
    await t.deps.storage.put(orphanFile, Readable.from([Buffer.from('lost')]));
    await t.deps.storage.put(orphanPart, Readable.from([Buffer.from('part')]));

    expect(await reconcileStorage(t.deps)).toBe(2);
    expect(await keys()).toEqual([`files/${u.teamId}/${kept}`, `multipart/${live}/1`].sort());
    expect(await reconcileStorage(t.deps)).toBe(0);
  });
});
