import { createHash, randomBytes } from 'node:crypto';
import { fileApi } from '@wharf/contract';
import { sampleBytes, type TestUser } from '../../../../harness';
import { MP4, type Seed } from '../seed';
import type { Builders, MatrixCall } from '../types';

const BY_URL = 'http://127.0.0.1:9/matrix.bin';

async function data(u: TestUser, e: Parameters<TestUser['call']>[0], o: Parameters<TestUser['call']>[1]) {
  const res = await u.call(e, o);
  if (res.statusCode !== 200) throw new Error(`${e.id}: ${res.body}`);
  return res.json();
}

/** A signed URL split into the path parameter and the query the contract declares. */
function signed(url: string, param: string): Pick<MatrixCall, 'params' | 'query'> {
  const u = new URL(url, 'http://wharf.invalid');
  return { params: { [param]: u.pathname.split('/').pop()! }, query: { expires: u.searchParams.get('expires')!, sig: u.searchParams.get('sig')! } };
}

const initUpload = (s: Seed, size = 16) => data(s.a.holder, fileApi.multipartInit, { body: { fileName: 'matrix.bin', size } }).then((d) => d.uploadId as string);

/** Uploads, signed URLs, multipart uploads and video parses. */
export function filesBuilders(): Builders {
  return {
    'file.asyncCheck': { build: async (s) => ({ query: { objectId: (await data(s.a.holder, fileApi.uploadByUrl, { body: { url: BY_URL } })).objectId } }) },
    'file.deleteObjects': { build: async (s) => ({ body: { objectIds: [await s.fresh.upload()] } }) },
    'file.downloadObject': { build: async (s) => signed((await data(s.a.holder, fileApi.downloadUrl, { body: { objectId: s.a.objectId } })).url, 'objectId') },
    'file.downloadObjectsUrl': { build: (s) => ({ body: { objectIds: [s.a.objectId] } }) },
    'file.downloadUrl': { build: (s) => ({ body: { objectId: s.a.objectId } }) },
    'file.multipartAbort': { build: async (s) => ({ body: { uploadId: await initUpload(s) } }) },
    'file.multipartCompose': {
      build: async (s) => {
        const uploadId = await initUpload(s);
        await data(s.a.holder, fileApi.multipartPart, { query: { uploadId, partNumber: 1 }, raw: randomBytes(16) });
        return { body: { uploadId } };
      },
    },
    'file.multipartInit': { build: () => ({ body: { fileName: 'matrix.bin', size: 16 } }) },
    'file.multipartPart': { build: async (s) => ({ query: { uploadId: await initUpload(s), partNumber: 1 }, raw: randomBytes(16) }) },
    'file.multipartParts': { build: async (s) => ({ query: { uploadId: await initUpload(s) } }) },
    'file.uploadByUrl': { build: () => ({ body: { url: BY_URL } }) },
    'file.uploadObject': { build: () => ({ query: { fileName: 'matrix.png', contentType: 'image/png' }, raw: sampleBytes('png', 64) }) },
    'file.uploadObjectsUrl': { build: () => ({ body: { objects: [{ fileName: 'matrix.png', contentType: 'image/png' }] } }) },
    'file.uploadSigned': {
      build: async (s) => ({ ...signed((await data(s.a.holder, fileApi.uploadUrl, { body: { fileName: 'signed.bin' } })).url, 'ticketId'), raw: randomBytes(32) }),
    },
    'file.uploadUrl': { build: () => ({ body: { fileName: 'matrix.png', contentType: 'image/png' } }) },
    'file.uploadUrlV2': {
      build: () => {
        const bytes = randomBytes(32);
        return { body: { fileName: 'matrix.bin', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') } };
      },
    },
    'file.usageRouteSite': { build: () => ({}) },
    'file.videoParse': { build: async (s) => ({ body: { objectId: await s.fresh.upload(MP4, 'clip.mp4', 'video/mp4') } }) },
    'file.videoParseResult': {
      build: async (s) => {
        const objectId = await s.fresh.upload(MP4, 'clip.mp4', 'video/mp4');
        return { query: { taskId: (await data(s.a.holder, fileApi.videoParse, { body: { objectId } })).task.taskId } };
      },
    },
  };
}
