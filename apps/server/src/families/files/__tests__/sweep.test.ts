import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { filesFamily } from '..';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
  await filesFamily.onStart!(t.deps, () => undefined);
});
afterAll(() => t.close());

describe('the hourly sweep of interrupted uploads', () => {
  it('removes uploads cut off a day ago, expired multipart uploads and upload URLs, keeps the rest, and reschedules itself', async () => {
    // An upload the process died under: a row in "uploading" with partial bytes.
    const staleId = '00000000-0000-4000-8000-000000000001';
    const key = `files/${u.teamId}/${staleId}`;
    await t.deps.storage.put(key, Readable.from([Buffer.from('partial')]));
    await t.deps.database.executeSql(
      `insert into files (id, team_id, biz_tag, file_name, content_type, storage_key, state, created_by, created_at) values ($1, $2, 'file', 'x', 'application/octet-stream', $3, 'uploading', $4, $5)`,
      [staleId, u.teamId, key, u.userId, t.clock.now().toISOString()],
    );
    const kept = (await u.call(fileApi.uploadObject, { query: { fileName: 'kept.bin' }, raw: Buffer.from('kept') })).json().object;
    const multipart = (await u.call(fileApi.multipartInit, { body: { fileName: 'm.bin', size: 4 } })).json();
    await u.call(fileApi.multipartPart, { query: { uploadId: multipart.uploadId, partNumber: 1 }, raw: Buffer.from('abcd') });
    // A signed upload URL nobody used.
    expect((await u.call(fileApi.uploadUrl, { body: { fileName: 'never.bin' } })).statusCode).toBe(200);
    const tickets = async () => (await t.deps.database.executeSql('select id from upload_tickets where team_id = $1', [u.teamId])).rows;
    expect(await tickets()).toHaveLength(1);

    expect(await t.deps.dueActions.runDue()).toBe(1);
    expect(await t.deps.storage.stat(key)).not.toBeNull();

    t.clock.advance(8 * 86_400_000);
    expect(await t.deps.dueActions.runDue()).toBe(1);
    expect(await t.deps.storage.stat(key)).toBeNull();
    expect((await t.deps.database.executeSql('select id from files where id = $1', [staleId])).rows).toEqual([]);
    expect(await t.deps.storage.stat(`multipart/${multipart.uploadId}/1`)).toBeNull();
    expect(await tickets()).toEqual([]);
    expect((await t.deps.database.executeSql('select id from files where id = $1', [kept.objectId])).rows).toHaveLength(1);
    const pending = (await t.deps.database.executeSql(`select due_at from due_actions where kind = 'files.sweep' and state = 'pending'`, [])).rows;
    expect(pending).toHaveLength(1);
  });
});
