import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { fileApi, MULTIPART_PART_BYTES } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { loadConfig } from '../../../config';

let dir: string;
let s3rver: S3rver;
let t: TestApp;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-s3-files-'));
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'files', configs: [] }] });
  const { port } = await s3rver.run();
  t = await createTestApp({
    env: { STORAGE: 's3', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: '1' },
  });
});
afterAll(async () => {
  await t.close();
  await s3rver.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the file service on an S3-compatible store', () => {
  it('uploads, composes multipart uploads and serves ranges from the bucket', async () => {
    const u = await TestUser.register(t);
    const bytes = randomBytes(MULTIPART_PART_BYTES + 500);
    const init = (await u.call(fileApi.multipartInit, { body: { fileName: 'x.bin', size: bytes.length } })).json();
    await u.call(fileApi.multipartPart, { query: { uploadId: init.uploadId, partNumber: 1 }, raw: bytes.subarray(0, MULTIPART_PART_BYTES) });
    await u.call(fileApi.multipartPart, { query: { uploadId: init.uploadId, partNumber: 2 }, raw: bytes.subarray(MULTIPART_PART_BYTES) });
    const object = (await u.call(fileApi.multipartCompose, { body: { uploadId: init.uploadId } })).json().object;
    expect(object.size).toBe(bytes.length);
    const { url } = (await u.call(fileApi.downloadUrl, { body: { objectId: object.objectId } })).json();
    const part = await t.app.inject({ url, headers: { range: `bytes=${MULTIPART_PART_BYTES - 5}-${MULTIPART_PART_BYTES + 4}` } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(bytes.subarray(MULTIPART_PART_BYTES - 5, MULTIPART_PART_BYTES + 5))).toBe(true);
  });

  it('needs a bucket name to be configured', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
  });
});
