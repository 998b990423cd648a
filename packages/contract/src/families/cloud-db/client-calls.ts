import { z } from 'zod';
import { CLOUD_DB_LIMITS } from '@wharf/rules';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { cloudDbName, zoneName } from './schemas';

/** What apps call on devices: their key, and the app user's token when one is signed in. */
const PREFIX = 'clouddb/v1/client';
const ACCESS = 'app-client:optional-user';
const RATE = { class: 'cloudDb', by: 'app' } as const;
const at = z.object({ zoneName, objectTypeName: cloudDbName });

export const PREDICATE_OPS = [
  'equalTo', 'notEqualTo', 'greaterThan', 'greaterThanOrEqualTo', 'lessThan', 'lessThanOrEqualTo', 'in', 'beginsWith', 'contains', 'isNull', 'isNotNull',
] as const;
export type PredicateOp = (typeof PREDICATE_OPS)[number];
export const AGGREGATES = ['count', 'sum', 'average', 'min', 'max'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export const QUERY_LIMITS = { predicates: 20, orderBy: 5, inValues: 100, limit: 1000, defaultLimit: 100, offset: 10_000 } as const;

/** A value a predicate compares with: read by the field's type on the server. */
const scalar = z.union([z.string().max(CLOUD_DB_LIMITS.stringMaxLength), z.number(), z.boolean()]);

export const predicate = z.object({
  field: cloudDbName,
  op: z.enum(PREDICATE_OPS),
  value: z.union([scalar, z.array(scalar).max(QUERY_LIMITS.inValues)]).optional(),
});
export type Predicate = z.infer<typeof predicate>;

export const objectQuery = z.object({
  where: z.array(predicate).max(QUERY_LIMITS.predicates).default([]),
  orderBy: z.array(z.object({ field: cloudDbName, direction: z.enum(['asc', 'desc']).default('asc') })).max(QUERY_LIMITS.orderBy).default([]),
  limit: z.number().int().min(1).max(QUERY_LIMITS.limit).default(QUERY_LIMITS.defaultLimit),
  offset: z.number().int().min(0).max(QUERY_LIMITS.offset).default(0),
  /** The `cursor` of the page before: the next page starts after its last document. */
  cursor: z.string().max(4096).optional(),
});
export type ObjectQuery = z.infer<typeof objectQuery>;

/** A document as JSON: its fields by name; checked against the object type on the server. */
export const cloudDbObject = z.record(z.string().max(64), z.unknown());
export const cloudDbObjects = z.array(cloudDbObject).min(1).max(CLOUD_DB_LIMITS.batch);
const objects = cloudDbObjects;

export const upsertObjects = defineEndpoint({
  id: 'cloudDb.upsert',
  method: 'POST',
  prefix: PREFIX,
  path: '/zones/:zoneName/objectTypes/:objectTypeName/upsert',
  access: ACCESS,
  rateLimit: RATE,
  summary: 'Write up to 1,000 documents by their primary key (added, or replaced whole), all or none; each is checked against its type and the rights',
  params: at,
  body: z.object({ objects }),
  response: okResponse({ upserted: z.number().int(), objects: z.array(cloudDbObject) }),
});

export const deleteObjects = defineEndpoint({
  id: 'cloudDb.delete',
  method: 'POST',
  prefix: PREFIX,
  path: '/zones/:zoneName/objectTypes/:objectTypeName/delete',
  access: ACCESS,
  rateLimit: RATE,
  summary: 'Delete up to 1,000 documents by their primary key, all or none (those already gone count as deleted)',
  params: at,
  body: z.object({ objects }),
  response: okResponse({ deleted: z.number().int() }),
});

export const queryObjects = defineEndpoint({
  id: 'cloudDb.query',
  method: 'POST',
  prefix: PREFIX,
  path: '/zones/:zoneName/objectTypes/:objectTypeName/query',
  access: ACCESS,
  rateLimit: RATE,
  summary: 'The documents matching every predicate, in order; only those the caller may read',
  params: at,
  body: objectQuery.extend({
    /** Also answer each document's version (a transaction's reads: its commit names them). */
    withVersions: z.boolean().default(false),
  }),
  response: okResponse({ objects: z.array(cloudDbObject), cursor: z.string().nullable(), versions: z.array(z.number().int()).optional() }),
});

/** What a transaction read: a document of a type by its key, at a version (null: it was not there). */
export const commitRead = z.object({ objectTypeName: cloudDbName, key: cloudDbObject, version: z.number().int().min(1).nullable() });
export const commitWrite = z.object({ op: z.enum(['upsert', 'delete']), objectTypeName: cloudDbName, objects });
export const COMMIT_LIMITS = { reads: 500, writes: 100 } as const;
export const commitBody = z.object({ reads: z.array(commitRead).max(COMMIT_LIMITS.reads).default([]), writes: z.array(commitWrite).min(1).max(COMMIT_LIMITS.writes) });
export const commitAnswer = okResponse({ upserted: z.number().int(), deleted: z.number().int() });
export type CommitRead = z.infer<typeof commitRead>;
export type CommitWrite = z.infer<typeof commitWrite>;

export const commitObjects = defineEndpoint({
  id: 'cloudDb.commit',
  method: 'POST',
  prefix: PREFIX,
  path: '/zones/:zoneName/commit',
  access: ACCESS,
  rateLimit: RATE,
  summary:
    'A transaction\'s end: the writes (upserts and deletes of any types of the zone, at most 1,000 documents in all) happen all or none, and only if every document read is still at the version read; otherwise 409 transactionConflict and nothing is written (the app reads again and retries)',
  params: z.object({ zoneName }),
  body: commitBody,
  response: commitAnswer,
});

export const aggregateObjects = defineEndpoint({
  id: 'cloudDb.aggregate',
  method: 'POST',
  prefix: PREFIX,
  path: '/zones/:zoneName/objectTypes/:objectTypeName/aggregate',
  access: ACCESS,
  rateLimit: RATE,
  summary: 'count, sum, average, min or max over the matching documents the caller may read (never over others)',
  params: at,
  body: z.object({ where: objectQuery.shape.where, aggregate: z.enum(AGGREGATES), field: cloudDbName.optional() }),
  response: okResponse({ value: z.union([z.number(), z.string()]).nullable() }),
});

export const listenObjects = defineEndpoint({
  id: 'cloudDb.listen',
  method: 'POST',
  prefix: PREFIX,
  path: '/zones/:zoneName/objectTypes/:objectTypeName/listen',
  access: ACCESS,
  rateLimit: RATE,
  summary:
    'A live query: server-sent events (text/event-stream), `snapshot` with the matching documents and their `etag` at once (unless `since` is that etag) and within a second of every change on any instance; closes after `timeoutSeconds` (the app reconnects with the last etag)',
  params: at,
  body: objectQuery.omit({ cursor: true, offset: true }).extend({
    /** The etag of the last snapshot the app holds: an unchanged result is not sent again. */
    since: z.string().max(64).optional(),
    timeoutSeconds: z.number().int().min(1).max(3600).default(300),
  }),
  // What a stream that could not start answers; a started one is events, not JSON.
  response: okResponse({}),
});
