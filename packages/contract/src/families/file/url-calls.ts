import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { zoneName } from '../console';
import { bizTag, fileObject, fileName, contentType } from './schemas';

const PREFIX = 'cfs/file_service/v1';

/** The zone site ids of the specification (1 China, 3 Iran, 5 Singapore, 7 Europe, 8 Russia). */
export const zoneId = z.union([z.literal(1), z.literal(3), z.literal(5), z.literal(7), z.literal(8)]);

/** At most this many objects in one call that hands out or resolves several URLs. */
export const URLS_PER_CALL_MAX = 50;

const expiresInSeconds = z.number().int().min(60).max(7 * 86_400).default(3600);

const uploadTarget = z.object({
  fileName,
  contentType,
  bizTag: bizTag.optional(),
  /** The most bytes the URL accepts; the server's upload limit when absent. */
  size: z.number().int().min(1).optional(),
});

const signedUpload = z.object({
  fileName: z.string(),
  url: z.string(),
  method: z.literal('PUT'),
  /** Headers the client must send with the bytes. */
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});

export const uploadUrl = defineEndpoint({
  id: 'file.uploadUrl',
  method: 'POST',
  prefix: PREFIX,
  path: '/upload/url',
  access: 'team:file.upload',
  summary: 'A signed, expiring, single-use URL to PUT one file to',
  body: uploadTarget.extend({ zoneId: zoneId.optional(), expiresInSeconds }),
  response: okResponse(signedUpload.shape),
});

export const uploadUrlV2 = defineEndpoint({
  id: 'file.uploadUrlV2',
  method: 'POST',
  prefix: PREFIX,
  path: '/upload/v2/url',
  access: 'team:file.upload',
  summary: 'A signed upload URL bound to the exact size and SHA-256 of the file: other bytes are refused',
  body: z.object({
    fileName,
    contentType,
    bizTag: bizTag.optional(),
    size: z.number().int().min(1),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'a lowercase hex SHA-256'),
    zoneId: zoneId.optional(),
    expiresInSeconds,
  }),
  response: okResponse(signedUpload.shape),
});

export const uploadObjectsUrl = defineEndpoint({
  id: 'file.uploadObjectsUrl',
  method: 'POST',
  prefix: PREFIX,
  path: '/upload/objects/url',
  access: 'team:file.upload',
  summary: 'Signed upload URLs for several files at once',
  body: z.object({ objects: z.array(uploadTarget).min(1).max(URLS_PER_CALL_MAX), zoneId: zoneId.optional(), expiresInSeconds }),
  response: okResponse({ urlsInfo: z.array(signedUpload) }),
});

export const uploadSigned = defineEndpoint({
  id: 'file.uploadSigned',
  method: 'PUT',
  prefix: PREFIX,
  path: '/upload/signed/:ticketId',
  access: 'anonymous',
  summary: 'Where a signed upload URL points: the body is the file (the signature is the permission)',
  params: z.object({ ticketId: z.uuid() }),
  query: z.object({ expires: z.coerce.number().int(), sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }),
  response: okResponse({ object: fileObject }),
});

export const downloadObjectsUrl = defineEndpoint({
  id: 'file.downloadObjectsUrl',
  method: 'POST',
  prefix: PREFIX,
  path: '/download/objects/url',
  access: 'team:app.read',
  summary: 'Signed download URLs for several files; the ones that cannot be served are listed with a reason',
  body: z.object({ objectIds: z.array(z.uuid()).min(1).max(URLS_PER_CALL_MAX), expiresInSeconds }),
  response: okResponse({
    urlsInfo: z.array(z.object({ objectId: z.string(), fileName: z.string(), size: z.number().int(), url: z.string(), expiresAt: z.string() })),
    errorObjects: z.array(z.object({ objectId: z.string(), reason: z.string() })),
  }),
});

/** The upload routes of the specification, one per bizTag. */
export const UPLOAD_ROUTES = { apk: 'uploadApk', img: 'uploadImg', video: 'uploadVideo', zip: 'uploadZip', file: 'uploadFile' } as const;

export const usageRouteSite = defineEndpoint({
  id: 'file.usageRouteSite',
  method: 'GET',
  prefix: PREFIX,
  path: '/usage/route/site',
  access: 'team:app.read',
  summary: "The team's stored bytes and objects per upload route and site",
  query: z.object({ zoneId: z.coerce.number().pipe(zoneId).optional() }),
  response: okResponse({
    items: z.array(z.object({ route: z.string(), bizTag, siteId: z.number().int(), zone: zoneName, objects: z.number().int(), bytes: z.number().int() })),
    total: z.object({ objects: z.number().int(), bytes: z.number().int() }),
  }),
});
