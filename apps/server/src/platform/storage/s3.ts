import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, meter, ObjectNotFoundError, type ByteRange, type ObjectStorage, type PutOptions, type StoredObject } from './storage';

export interface S3Options {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/**
 * An S3-compatible bucket (AWS, MinIO, Ceph, …) for deployments that outgrow one disk.
 * Uploads stream through a multipart upload, so their length need not be known.
 */
export class S3Storage implements ObjectStorage {
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(o: S3Options) {
    this.#bucket = o.bucket;
    this.#client = new S3Client({
      region: o.region,
      forcePathStyle: o.forcePathStyle,
      // Older S3-compatible servers reject the checksums current SDKs add by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(o.endpoint ? { endpoint: o.endpoint } : {}),
      ...(o.accessKeyId && o.secretAccessKey ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } } : {}),
    });
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<StoredObject> {
    assertValidKey(key);
    // A single-part upload is visible as soon as it ends: nothing is sent before it may land.
    if (options.landAfter) await options.landAfter;
    const counted = meter(options.maxBytes);
    const out = new PassThrough();
    const upload = new Upload({ client: this.#client, params: { Bucket: this.#bucket, Key: key, Body: out }, queueSize: 2, partSize: 8 * 1024 * 1024 });
    const feeding = pipeline(body, counted.stream, out);
    try {
      await Promise.all([feeding, upload.done()]);
    } catch (err) {
      await upload.abort().catch(() => undefined);
      out.destroy();
      throw err;
    }
    return counted.result();
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    try {
      const res = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      return res.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertValidKey(key);
    try {
      const res = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return { size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<boolean> {
    if (!(await this.stat(key))) return false;
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
    return true;
  }

  async *list(prefix: string): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const res = await this.#client.send(new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of res.Contents ?? []) if (o.Key) yield o.Key;
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  destroy(): void {
    this.#client.destroy();
  }
}
