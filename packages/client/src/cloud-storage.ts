import type { WharfClient } from './client';
import { WharfError } from './errors';

/** A file as Cloud Storage describes it. */
export interface StoredFile {
  bucket: string;
  name: string;
  size: number;
  contentType: string;
  etag: string;
  cacheControl: string | null;
  metadata: Record<string, string>;
  /** The app user who wrote it; null for the console or the app's key alone. */
  owner: string | null;
  generation: number;
  createdAt: string;
  updatedAt: string;
}

export interface UploadOptions {
  contentType?: string;
  cacheControl?: string;
  metadata?: Record<string, string>;
  /** Bytes sent so far, after each chunk. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

export interface CloudStorageOptions {
  /** The bucket's name, as the console shows it. */
  bucket: string;
  /** Overrides the configuration file's `cloudstorage.storage_url`. */
  baseUrl?: string;
  /** Files from this size go in resumable chunks (default 5 MiB). */
  resumableFrom?: number;
  /** A resumable upload's chunk (default 8 MiB). */
  chunkBytes?: number;
  /** How many times a dropped chunk is resumed before the upload fails (default 5). */
  resumes?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

type Body = Blob | Uint8Array;
const sizeOf = (b: Body) => (b instanceof Uint8Array ? b.byteLength : b.size);
const slice = (b: Body, start: number, end: number): Body => (b instanceof Uint8Array ? b.subarray(start, end) : b.slice(start, end));

/**
 * Cloud Storage from a device (Firebase Storage's calls in spirit): upload (resumable in
 * chunks for large files, resumed after a dropped connection), metadata, list by folder,
 * delete and download links. Calls go as the signed-in app user when there is one, else
 * with the app's key alone; the bucket's security rules decide.
 */
export class CloudStorage {
  readonly #base: string;
  readonly #fetch: typeof fetch;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly client: WharfClient,
    private readonly options: CloudStorageOptions,
  ) {
    const base = options.baseUrl ?? client.config.storageUrl;
    if (!base) throw new WharfError('The configuration file has no cloudstorage.storage_url: download agconnect-services.json again, or pass baseUrl.', 'config');
    this.#base = `${base.replace(/\/+$/, '')}/b/${options.bucket}`;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  #object(path: string): string {
    return `${this.#base}/o/${encodeURIComponent(path)}`;
  }

  async #headers(extra: Record<string, string> = {}): Promise<Record<string, string>> {
    const { clientId, apiKey, packageName } = this.client.config;
    const headers: Record<string, string> = { client_id: clientId, api_key: apiKey, ...extra };
    if (packageName) headers['x-package-name'] = packageName;
    const token = await this.client.auth.getAccessToken().catch(() => null);
    if (token) headers.authorization = `Bearer ${token}`;
    return headers;
  }

  async #call(url: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> {
    let res: Response;
    try {
      res = await this.#fetch(url, { ...init, headers: await this.#headers(init.headers) });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new WharfError(`The server could not be reached (${(err as Error).message}).`, 'network');
    }
    if (res.ok || res.status === 308) return res;
    const body = (await res.json().catch(() => null)) as { ret?: { code?: number; msg?: string } } | null;
    throw new WharfError(body?.ret?.msg ?? `The server answered ${res.status}.`, body?.ret?.code ?? res.status, res.status);
  }

  async #json<T>(res: Response, key: string): Promise<T> {
    return ((await res.json()) as Record<string, T>)[key]!;
  }

  /** Writes a file (replacing one of the same path); large ones go in resumable chunks. */
  async upload(path: string, data: Body, o: UploadOptions = {}): Promise<StoredFile> {
    const total = sizeOf(data);
    const contentType = o.contentType ?? (data instanceof Blob && data.type ? data.type : 'application/octet-stream');
    const meta: Record<string, string> = {};
    for (const [k, v] of Object.entries(o.metadata ?? {})) meta[`x-object-meta-${k}`] = v;
    if (o.cacheControl) meta['x-object-cache-control'] = o.cacheControl;
    if (total < (this.options.resumableFrom ?? 5 * 1024 * 1024)) {
      const res = await this.#call(`${this.#base}/o?name=${encodeURIComponent(path)}`, { method: 'POST', body: data as RequestInit['body'], headers: { 'content-type': contentType, ...meta }, ...(o.signal ? { signal: o.signal } : {}) });
      o.onProgress?.(total, total);
      return this.#json<StoredFile>(res, 'object');
    }
    const started = await this.#call(`${this.#base}/o?name=${encodeURIComponent(path)}&uploadType=resumable`, {
      method: 'POST',
      headers: { 'x-upload-content-length': String(total), 'x-upload-content-type': contentType, ...meta },
    });
    const session = await this.#json<string>(started, 'uploadUrl');
    const chunk = this.options.chunkBytes ?? 8 * 1024 * 1024;
    let sent = 0;
    let resumes = 0;
    for (;;) {
      const end = Math.min(sent + chunk, total);
      try {
        const res = await this.#call(session, { method: 'PUT', body: slice(data, sent, end) as RequestInit['body'], headers: { 'content-type': 'application/octet-stream', 'content-range': `bytes ${sent}-${end - 1}/${total}` }, ...(o.signal ? { signal: o.signal } : {}) });
        if (res.status === 200) {
          o.onProgress?.(total, total);
          return this.#json<StoredFile>(res, 'object');
        }
        sent = end;
        o.onProgress?.(sent, total);
      } catch (err) {
        if (!(err instanceof WharfError) || (err.code !== 'network' && err.status !== 409) || (resumes += 1) > (this.options.resumes ?? 5)) throw err;
        await this.#sleep(Math.min(1000 * 2 ** (resumes - 1), 30_000));
        sent = await this.#received(session, total);
      }
    }
  }

  /** Where a resumable upload stands: the bytes the server holds. */
  async #received(session: string, total: number): Promise<number> {
    const res = await this.#call(session, { method: 'PUT', headers: { 'content-range': `bytes */${total}` } });
    const range = /bytes=0-(\d+)/.exec(res.headers.get('range') ?? '');
    return range ? Number(range[1]) + 1 : 0;
  }

  async getMetadata(path: string): Promise<StoredFile> {
    return this.#json<StoredFile>(await this.#call(this.#object(path), { method: 'GET' }), 'object');
  }

  async updateMetadata(path: string, change: { contentType?: string; cacheControl?: string | null; metadata?: Record<string, string> }): Promise<StoredFile> {
    return this.#json<StoredFile>(await this.#call(this.#object(path), { method: 'PATCH', body: JSON.stringify(change), headers: { 'content-type': 'application/json' } }), 'object');
  }

  async delete(path: string): Promise<void> {
    await this.#call(this.#object(path), { method: 'DELETE' });
  }

  /** A folder (`users/ada/`, or `''` for the top): its sub-folders and files, a page at a time. */
  async list(folder = '', o: { pageToken?: string; maxResults?: number } = {}): Promise<{ prefixes: string[]; items: StoredFile[]; nextPageToken: string | null }> {
    const q = new URLSearchParams({ prefix: folder, maxResults: String(o.maxResults ?? 100), ...(o.pageToken ? { pageToken: o.pageToken } : {}) });
    const body = (await (await this.#call(`${this.#base}/o?${q}`, { method: 'GET' })).json()) as { prefixes: string[]; items: StoredFile[]; nextPageToken: string | null };
    return { prefixes: body.prefixes, items: body.items, nextPageToken: body.nextPageToken };
  }

  /** A link anyone may download the file with until it expires (default an hour, at most 7 days). */
  async getDownloadUrl(path: string, expiresInSeconds = 3600): Promise<string> {
    const res = await this.#call(`${this.#base}/signedUrl`, { method: 'POST', body: JSON.stringify({ name: path, expiresInSeconds }), headers: { 'content-type': 'application/json' } });
    return this.#json<string>(res, 'url');
  }

  /** The file's bytes (or a range of them, `end` inclusive). */
  async download(path: string, range?: { start: number; end?: number }): Promise<Uint8Array> {
    const res = await this.#call(`${this.#object(path)}?alt=media`, { method: 'GET', headers: range ? { range: `bytes=${range.start}-${range.end ?? ''}` } : {} });
    return new Uint8Array(await res.arrayBuffer());
  }
}

/** Cloud Storage of one bucket for this app. */
export const getStorage = (client: WharfClient, options: CloudStorageOptions): CloudStorage => new CloudStorage(client, options);
