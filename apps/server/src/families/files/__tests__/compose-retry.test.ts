import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';

let t: TestApp;
let u: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
  other = await TestUser.register(t);
});
afterAll(() => t.close());

describe('a multipart compose sent again', () => {
  it('answers the same file when the first answer was lost, to the same team only, and makes no second file', async () => {
    const bytes = randomBytes(1500);
    const uploadId = (await u.call(fileApi.multipartInit, { body: { fileName: 'again.bin', size: bytes.length } })).json().uploadId as string;
    expect((await u.call(fileApi.multipartPart, { query: { uploadId, partNumber: 1 }, raw: bytes })).statusCode).toBe(200);
    const first = await u.call(fileApi.multipartCompose, { body: { uploadId } });
    expect(first.statusCode).toBe(200);
    const again = await u.call(fileApi.multipartCompose, { body: { uploadId } });
    expect(again.statusCode).toBe(200);
    expect(again.json().object).toEqual(first.json().object);
    expect(first.json().object.objectId).toBe(uploadId);
    expect((await other.call(fileApi.multipartCompose, { body: { uploadId } })).statusCode).toBe(404);
    const { rows } = await t.deps.database.executeSql(`select id from files where team_id = $1 and file_name = 'again.bin'`, [u.teamId]);
    expect(rows).toHaveLength(1);
    // Once the file is deleted, the upload is gone for good.
    expect((await u.call(fileApi.deleteObjects, { body: { objectIds: [uploadId] } })).statusCode).toBe(200);
    expect((await u.call(fileApi.multipartCompose, { body: { uploadId } })).statusCode).toBe(404);
  });
});
