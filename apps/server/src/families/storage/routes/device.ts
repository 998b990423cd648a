import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storageApi } from '@wharf/contract';
import { isActiveContentType, STORAGE_LIMITS } from '@wharf/rules';
import { AppError, forbidden } from '../../../platform/http/errors';
import { parseRange } from '../../../platform/http/range';
import { ObjectNotFoundError } from '../../../platform/storage';
import { bodyStream } from '../../files/public';
import { applyCors, metadataOfHeaders, preflight, readJsonBody, refuse, refuseError } from '../device-http';
import { checkedName, contentTypeOf, factsOf, type DeviceCaller, type StorageDevice } from '../device';
import { objectOut } from '../present';
import { isResizable, THUMBNAIL_WIDTHS } from '../thumbnails';
import type { BucketRow, ObjectRow } from '../repo';
import type { ResumableUploads } from '../resumable';
import { WORDS } from '../words';
import type { StorageServices } from './context';

const PATH = /^\/storage\/v0\/b\/([a-z0-9-]{3,63})\/(o|signedUrl|uploads)(?:\/([^/?]+))?\/?(?:\?|$)/;
const UUID = /^[0-9a-f-]{36}$/;

const ok = (reply: FastifyReply, data: object, status = 200) => reply.status(status).type('application/json; charset=utf-8').send({ ret: { code: 0, msg: 'success' }, ...data });
const objectJson = (bucket: BucketRow, o: ObjectRow) => ({ bucket: bucket.name, ...objectOut(o) });
/** A file that is not there, as null; any other failure stays one. */
const orNull = (p: Promise<ObjectRow>) => p.catch((err: unknown) => (err instanceof AppError && err.retName === 'notFound' ? null : Promise.reject(err)));
/** A name's escapes undone; a broken escape is a bad name, not a server error. */
function decoded(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw new AppError('invalidInput', WORDS.badName);
  }
}
const int = (v: string | null, fallback: number) => (v !== null && /^\d{1,15}$/.test(v) ? Number(v) : fallback);

const cacheOf = (o: ObjectRow, signed: boolean) => o.cacheControl ?? (signed ? 'private, max-age=300' : 'private, max-age=0, must-revalidate');

/** The file's bytes as HTTP: Range, ETag and 304, its cache control, and active types as attachments. */
async function sendMedia(s: StorageServices, req: FastifyRequest, reply: FastifyReply, bucket: BucketRow, o: ObjectRow, signed: boolean, width: string | null) {
  if (width !== null) return sendThumbnail(s, req, reply, bucket, o, signed, width);
  const etag = `"${o.sha256}"`;
  const fileName = encodeURIComponent(o.name.slice(o.name.lastIndexOf('/') + 1));
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('last-modified', o.updatedAt.toUTCString())
    .header('x-object-generation', String(o.generation))
    .header('cache-control', cacheOf(o, signed))
    .header('content-disposition', `${isActiveContentType(o.contentType) ? 'attachment' : 'inline'}; filename*=UTF-8''${fileName}`);
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  const range = parseRange(typeof req.headers.range === 'string' ? req.headers.range : undefined, o.size);
  if (range.kind === 'unsatisfiable') return refuse(req, reply, 'rangeNotSatisfiable', null, { 'content-range': `bytes */${o.size}` });
  reply.type(o.contentType);
  const length = range.kind === 'partial' ? range.end - range.start + 1 : o.size;
  s.meter.count(bucket.id, req.method === 'HEAD' ? 0 : length);
  if (range.kind === 'partial') reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${o.size}`);
  reply.header('content-length', length);
  if (req.method === 'HEAD' || length === 0) return reply.send();
  // A whole file is read as its range too: the store then reads no more than the file holds (a small file, one small buffer).
  return reply.send(await s.deps.storage.get(o.storageKey, range.kind === 'partial' ? range : { start: 0, end: o.size - 1 }));
}

/** The file's bytes, reading its row again when they went meanwhile (replaced or deleted on another instance). */
async function sendFresh(s: StorageServices, req: FastifyRequest, reply: FastifyReply, bucket: BucketRow, o: ObjectRow, signed: boolean, width: string | null) {
  try {
    return await sendMedia(s, req, reply, bucket, o, signed, width);
  } catch (err) {
    if (!(err instanceof ObjectNotFoundError)) throw err;
    return sendMedia(s, req, reply, bucket, await s.objects.get(bucket, o.name, { fresh: true }), signed, width);
  }
}

/** A picture's thumbnail (`width` of THUMBNAIL_WIDTHS), made once and kept. */
async function sendThumbnail(s: StorageServices, req: FastifyRequest, reply: FastifyReply, bucket: BucketRow, o: ObjectRow, signed: boolean, width: string) {
  const w = Number(width);
  if (!(THUMBNAIL_WIDTHS as readonly number[]).includes(w)) throw new AppError('invalidInput', WORDS.badQuery(`width (${THUMBNAIL_WIDTHS.join(', ')})`));
  if (!isResizable(o)) throw new AppError('unsupportedMedia', WORDS.notAnImage);
  const etag = `"${o.sha256}-w${w}"`;
  reply.header('etag', etag).header('cache-control', cacheOf(o, signed)).header('content-disposition', 'inline');
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  const thumb = await s.thumbnails.of(bucket, o, w);
  s.meter.count(bucket.id, thumb.size);
  return reply.type('image/webp').header('content-length', thumb.size).send(await s.deps.storage.get(thumb.key));
}

function uploadStream(s: StorageServices, req: FastifyRequest): Readable {
  return bodyStream(req.body ?? req.raw, s.deps.config.uploadIdleTimeoutMs);
}

function writeInput(req: FastifyRequest, c: DeviceCaller) {
  const metadata = metadataOfHeaders(req);
  if (!storageApi.customMetadata.safeParse(metadata).success) throw new AppError('invalidInput', WORDS.badMetadata);
  const cache = req.headers['x-object-cache-control'];
  return { contentType: contentTypeOf(req.headers['content-type']), cacheControl: typeof cache === 'string' && /^[\w\s,=-]{1,256}$/.test(cache) ? cache : null, metadata, owner: c.auth?.uid ?? null };
}

async function objectCall(s: StorageServices, device: StorageDevice, req: FastifyRequest, reply: FastifyReply, found: { row: BucketRow; rules: DeviceCaller['rules'] }, encoded: string, q: URLSearchParams) {
  const name = checkedName(decoded(encoded));
  const signed = q.get('expires') !== null && q.get('sig') !== null && (req.method === 'GET' || req.method === 'HEAD');
  if (signed) {
    if (!(await s.links.verify(found.row, name, int(q.get('expires'), 0), q.get('sig')!))) throw forbidden(WORDS.badLink);
    await device.limit(`bucket:${found.row.id}`);
    return sendFresh(s, req, reply, found.row, await s.objects.get(found.row, name), true, q.get('width'));
  }
  const c = await device.caller(req, found);
  if (req.method === 'GET' || req.method === 'HEAD') {
    const o = await orNull(s.objects.get(c.bucket, name));
    // A missing file is refused like a forbidden one unless the rules let the caller read there.
    device.allow(c, 'read', name, o ? factsOf(o) : null);
    if (!o) throw new AppError('notFound', WORDS.noObject(name));
    return q.get('alt') === 'media' ? sendFresh(s, req, reply, c.bucket, o, false, q.get('width')) : ok(reply, { object: objectJson(c.bucket, o) });
  }
  if (req.method === 'PATCH') {
    const body = (await readJsonBody(req)) as Record<string, unknown>;
    const metadata = body.metadata === undefined ? undefined : storageApi.customMetadata.safeParse(body.metadata);
    if (metadata && !metadata.success) throw new AppError('invalidInput', WORDS.badMetadata);
    const change = {
      contentType: body.contentType === undefined ? undefined : contentTypeOf(body.contentType),
      cacheControl: typeof body.cacheControl === 'string' && /^[\w\s,=-]{0,256}$/.test(body.cacheControl) ? body.cacheControl : body.cacheControl === null ? null : undefined,
      metadata: metadata?.data,
    };
    return ok(reply, { object: objectJson(c.bucket, await s.objects.updateMetadata(c.bucket, name, change, device.writeCheck(c, name))) });
  }
  if (req.method === 'DELETE') {
    const { deleted } = await s.objects.delete(c.bucket, [name], [], (o) => device.allow(c, 'delete', name, factsOf(o)));
    if (deleted === 0) {
      device.allow(c, 'delete', name, null);
      throw new AppError('notFound', WORDS.noObject(name));
    }
    return reply.status(204).send();
  }
  return refuse(req, reply, 'routeNotFound');
}

async function bucketCall(s: StorageServices, device: StorageDevice, uploads: ResumableUploads, req: FastifyRequest, reply: FastifyReply, found: { row: BucketRow; rules: DeviceCaller['rules'] }, kind: string, id: string | undefined, q: URLSearchParams) {
  const c = await device.caller(req, found);
  if (kind === 'o' && req.method === 'GET') {
    const prefix = q.get('prefix') ?? '';
    if (prefix !== '' && (!prefix.endsWith('/') || checkedName(prefix.slice(0, -1)) === '')) throw new AppError('invalidInput', WORDS.badQuery('prefix'));
    device.allow(c, 'list', prefix, null);
    const page = await s.objects.list(c.bucket, prefix, Math.min(int(q.get('maxResults'), 100), STORAGE_LIMITS.listPageMax) || 100, q.get('pageToken') ?? undefined);
    return ok(reply, { prefixes: page.folders, items: page.objects.map((o) => objectJson(c.bucket, o)), nextPageToken: page.nextCursor });
  }
  if (kind === 'o' && req.method === 'POST') {
    const name = checkedName(q.get('name') ?? '');
    const input = writeInput(req, c);
    if (q.get('uploadType') === 'resumable') {
      const total = int(String(req.headers['x-upload-content-length'] ?? ''), -1);
      if (total < 0) throw new AppError('invalidInput', WORDS.badQuery('X-Upload-Content-Length'));
      const upload = await uploads.start(c, name, total, { ...input, contentType: contentTypeOf(req.headers['x-upload-content-type']) });
      const location = s.deps.userContent.url(`/storage/v0/b/${c.bucket.name}/uploads/${upload.id}`);
      return ok(reply.header('location', location), { uploadUrl: location, expiresAt: upload.expiresAt.toISOString() });
    }
    const declared = int(String(req.headers['content-length'] ?? ''), -1);
    const existing = await orNull(s.objects.get(c.bucket, name));
    // Said before a byte is read when the size is declared, and again with the real size.
    device.allow(c, 'write', name, existing ? factsOf(existing) : null, { ...input, size: Math.max(declared, 0) });
    const o = await s.objects.write(c.bucket, name, uploadStream(s, req), input, device.writeCheck(c, name));
    return ok(reply, { object: objectJson(c.bucket, o) });
  }
  if (kind === 'signedUrl' && req.method === 'POST') {
    const body = (await readJsonBody(req)) as { name?: unknown; expiresInSeconds?: unknown };
    const name = checkedName(typeof body.name === 'string' ? body.name : '');
    const seconds = typeof body.expiresInSeconds === 'number' && Number.isInteger(body.expiresInSeconds) ? body.expiresInSeconds : 3600;
    if (seconds < 1 || seconds > STORAGE_LIMITS.signedUrlMaxSeconds) throw new AppError('invalidInput', WORDS.badQuery('expiresInSeconds'));
    const o = await orNull(s.objects.get(c.bucket, name));
    device.allow(c, 'read', name, o ? factsOf(o) : null);
    if (!o) throw new AppError('notFound', WORDS.noObject(name));
    return ok(reply, await s.links.sign(c.bucket, name, seconds));
  }
  if (kind === 'uploads' && id && UUID.test(id)) {
    const upload = await uploads.session(id);
    if (upload.bucketId !== c.bucket.id || upload.owner !== (c.auth?.uid ?? null)) throw new AppError('notFound', WORDS.noUpload);
    if (req.method === 'DELETE') {
      await uploads.cancel(upload);
      return reply.status(204).send();
    }
    if (req.method !== 'PUT') return refuse(req, reply, 'routeNotFound');
    const range = /^bytes (\d+)-(\d+)\/(\d+)$|^bytes \*\/(\d+)$/.exec(String(req.headers['content-range'] ?? ''));
    if (!range || Number(range[3] ?? range[4]) !== upload.totalSize) throw new AppError('invalidInput', WORDS.badQuery('Content-Range'));
    const received = (n: number) => (n > 0 ? { range: `bytes=0-${n - 1}` } : {});
    if (range[4] !== undefined) return reply.status(308).headers(received(upload.received)).send();
    const start = Number(range[1]);
    const result = await uploads.chunk(c, upload, start, Number(range[2]) - start + 1, uploadStream(s, req));
    if (!result.done) return reply.status(308).headers(received(result.received)).send();
    return ok(reply, { object: objectJson(c.bucket, result.object) });
  }
  return refuse(req, reply, 'routeNotFound');
}

/**
 * Cloud Storage for devices, on the user-content origin only (docs/storage.md): Firebase
 * Storage's paths (`/storage/v0/b/<bucket>/o/<escaped name>`), the app's key and optional user
 * token, the bucket's rules and CORS, resumable uploads, and signed links.
 */
export function registerDeviceRoutes(s: StorageServices, device: StorageDevice, uploads: ResumableUploads): void {
  void s.deps.userContent.app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    scope.all('/storage/v0/*', async (req, reply) => {
      const m = PATH.exec(req.url);
      if (!m) return refuse(req, reply, 'routeNotFound');
      const [, bucketName, kind, id] = m;
      const q = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
      try {
        const found = await device.bucket(bucketName!);
        if (req.method === 'OPTIONS') return preflight(req, reply, found.row.cors);
        applyCors(req, reply, found.row.cors);
        if (kind === 'o' && id) return await objectCall(s, device, req, reply, found, id, q);
        return await bucketCall(s, device, uploads, req, reply, found, kind!, id, q);
      } catch (err) {
        return refuseError(req, reply, err);
      }
    });
  });
}
