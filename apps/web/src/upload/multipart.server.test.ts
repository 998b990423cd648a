// @vitest-environment jsdom
/// <reference types="node" />
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authApi, consoleApi, fileApi, teamApi, type ClientConfig } from '@wharf/contract';
import { setRequestClient } from '../request/call';
import { RequestClient } from '../request/client';
import { openPageAt, startRealServer, type RealServer } from '../test/real-server';
import { uploadInParts, type UploadProgress } from './multipart';

// Resumable uploads against the real server: the parts go out as the request bodies,
// a dropped connection is resumed by asking the server which parts it holds.

let server: RealServer;

beforeAll(async () => {
  server = await startRealServer();
  openPageAt(server.address);
  const config = (await (await fetch(`${server.address}${consoleApi.getConfig.fullPath}`)).json()) as ClientConfig;
  const client = new RequestClient({ language: () => 'en', dev: false, config });
  setRequestClient(client);
  await client.request(authApi.register, { body: { email: `upload-${process.pid}@example.com`, password: 'correct horse battery', displayName: 'Uploader' } });
  await client.request(teamApi.createMainUser, { body: { name: 'Uploads' } });
}, 90_000);

afterAll(async () => {
  setRequestClient(null);
  await server?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

type Tracked = XMLHttpRequest & { wharfUrl?: string; wharfMethod?: string };

/**
 * Records each request's method and URL; the first send `dropOnce` picks fails as a dropped
 * connection, or (with `hang`) never gets anywhere, as a connection that hangs.
 */
function wire(dropOnce: (method: string, url: string) => boolean, hang = false) {
  const sent: string[] = [];
  const proto = XMLHttpRequest.prototype;
  const open = proto.open as (this: XMLHttpRequest, ...args: unknown[]) => void;
  const send = proto.send;
  let dropped = false;
  vi.spyOn(proto, 'open').mockImplementation(function (this: Tracked, ...args: unknown[]) {
    this.wharfMethod = String(args[0]);
    this.wharfUrl = String(args[1]);
    return open.apply(this, args);
  });
  vi.spyOn(proto, 'send').mockImplementation(function (this: Tracked, body?: Document | XMLHttpRequestBodyInit | null) {
    const url = new URL(this.wharfUrl ?? '', server.address);
    const label = `${this.wharfMethod} ${url.pathname}${url.searchParams.has('partNumber') ? `#${url.searchParams.get('partNumber')}` : ''}`;
    sent.push(label);
    if (!dropped && dropOnce(this.wharfMethod ?? '', url.toString())) {
      dropped = true;
      if (!hang) setTimeout(() => this.dispatchEvent(new ProgressEvent('error')));
      return;
    }
    return send.call(this, body);
  });
  return sent;
}

function fileOf(size: number, name = 'big.apk'): { file: File; sha256: string } {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + (i >> 12)) & 0xff;
  // A package begins as a zip: the server judges an upload by its first bytes.
  bytes.set([0x50, 0x4b, 0x03, 0x04]);
  return { file: new File([bytes], name, { type: 'application/vnd.android.package-archive' }), sha256: createHash('sha256').update(bytes).digest('hex') };
}

describe('uploadInParts against the real server', () => {
  it('uploads a small file in one part with byte progress', async () => {
    const { file, sha256 } = fileOf(300_000, 'small.apk');
    const progress: UploadProgress[] = [];
    const object = await uploadInParts(file, { bizTag: 'apk', onProgress: (p) => progress.push(p) });
    expect(object).toMatchObject({ fileName: 'small.apk', size: 300_000, sha256, bizTag: 'apk' });
    expect(progress.map((p) => p.phase)).toEqual(expect.arrayContaining(['starting', 'uploading', 'composing', 'done']));
    expect(progress.at(-1)).toMatchObject({ phase: 'done', sent: 300_000, total: 300_000 });
  });

  it('resumes after a dropped connection and sends only the parts the server does not hold', async () => {
    const partPath = fileApi.multipartPart.fullPath;
    const sent = wire((method, url) => method === 'PUT' && url.includes(partPath) && url.includes('partNumber=2'));
    const size = 2 * 8 * 1024 * 1024 + 5000;
    const { file, sha256 } = fileOf(size);
    const progress: UploadProgress[] = [];
    const object = await uploadInParts(file, { bizTag: 'apk', retryDelaysMs: [10, 10], onProgress: (p) => progress.push(p) });

    expect(object.size).toBe(size);
    expect(object.sha256).toBe(sha256);
    expect(sent).toEqual([
      `POST ${fileApi.multipartInit.fullPath}`,
      `PUT ${partPath}#1`,
      `PUT ${partPath}#2`, // dropped
      `GET ${fileApi.multipartParts.fullPath}`,
      `PUT ${partPath}#2`,
      `PUT ${partPath}#3`,
      `POST ${fileApi.multipartCompose.fullPath}`,
    ]);
    expect(progress.some((p) => p.phase === 'reconnecting')).toBe(true);
    expect(progress.at(-1)).toMatchObject({ phase: 'done', sent: size, resumes: 1 });
    // The bar never runs backwards past what the server holds.
    const afterResume = progress.slice(progress.findIndex((p) => p.resumes === 1));
    expect(afterResume.every((p) => p.sent >= 8 * 1024 * 1024)).toBe(true);
  });

  it('resumes a failed upload later from the parts the server holds', async () => {
    const partPath = fileApi.multipartPart.fullPath;
    wire((method, url) => method === 'PUT' && url.includes(partPath) && url.includes('partNumber=2'));
    const size = 2 * 8 * 1024 * 1024 + 1000;
    const { file, sha256 } = fileOf(size, 'later.apk');
    const first: UploadProgress[] = [];
    await expect(uploadInParts(file, { retryDelaysMs: [], onProgress: (p) => first.push(p) })).rejects.toMatchObject({ clientMessage: 'Network Error' });
    const uploadId = first.at(-1)?.uploadId;
    expect(uploadId).toBeTruthy();

    vi.restoreAllMocks();
    const sent = wire(() => false);
    const again: UploadProgress[] = [];
    const object = await uploadInParts(file, { resumeUploadId: uploadId, onProgress: (p) => again.push(p) });
    expect(object.sha256).toBe(sha256);
    expect(sent).toEqual([
      `GET ${fileApi.multipartParts.fullPath}`,
      `PUT ${partPath}#2`,
      `PUT ${partPath}#3`,
      `POST ${fileApi.multipartCompose.fullPath}`,
    ]);
    expect(again.find((p) => p.phase === 'uploading')?.sent).toBe(8 * 1024 * 1024);
  });

  it('gives up a part that hangs and sends it again', async () => {
    const partPath = fileApi.multipartPart.fullPath;
    const sent = wire((method, url) => method === 'PUT' && url.includes(partPath), true);
    const { file, sha256 } = fileOf(200_000, 'hangs.apk');
    const progress: UploadProgress[] = [];
    const object = await uploadInParts(file, { retryDelaysMs: [10], stallTimeoutMs: 2000, onProgress: (p) => progress.push(p) });
    expect(object.sha256).toBe(sha256);
    expect(sent).toEqual([
      `POST ${fileApi.multipartInit.fullPath}`,
      `PUT ${partPath}#1`, // hangs
      `GET ${fileApi.multipartParts.fullPath}`,
      `PUT ${partPath}#1`,
      `POST ${fileApi.multipartCompose.fullPath}`,
    ]);
    expect(progress.some((p) => p.phase === 'reconnecting')).toBe(true);
    expect(progress.at(-1)).toMatchObject({ phase: 'done', resumes: 1 });
  });

  it('drops the parts on the server when the person cancels', async () => {
    const sent = wire(() => false);
    const { file } = fileOf(9 * 1024 * 1024, 'cancelled.apk');
    const cancel = new AbortController();
    const upload = uploadInParts(file, { signal: cancel.signal, onProgress: (p) => p.sent > 0 && cancel.abort() });
    await expect(upload).rejects.toMatchObject({ canceled: true });
    await vi.waitFor(() => expect(sent).toContain(`POST ${fileApi.multipartAbort.fullPath}`));
  });

  it('gives up after the last reconnection attempt', async () => {
    wire(() => false);
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest) {
      setTimeout(() => this.dispatchEvent(new ProgressEvent('error')));
    });
    const { file } = fileOf(1000, 'x.apk');
    await expect(uploadInParts(file, { retryDelaysMs: [5, 5] })).rejects.toMatchObject({ status: null, clientMessage: 'Network Error' });
  });
});
