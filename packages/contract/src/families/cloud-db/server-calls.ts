import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { AGGREGATES, cloudDbObject, cloudDbObjects as objects, commitAnswer, commitBody, objectQuery } from './client-calls';
import { cloudDbName, zoneName } from './schemas';

/**
 * The server SDK's calls (AppGallery Connect's Cloud DB Server SDK, Firebase's Admin SDK):
 * a team's administrator API client acts for a project, as its Administrator role, with
 * security rules not applied; every write is in the team's audit log. Cloud functions use
 * them with a credential of their own.
 */
const root = 'connect' as const;
const PREFIX = 'clouddb/v1';
const ACCESS = 'api-client:administrator';
const RATE = { class: 'cloudDbServer', by: 'caller' } as const;
const at = z.object({ projectId: z.uuid(), zoneName, objectTypeName: cloudDbName });

export const serverUpsert = defineEndpoint({
  id: 'cloudDb.serverUpsert',
  method: 'POST',
  root,
  prefix: PREFIX,
  path: '/projects/:projectId/zones/:zoneName/objectTypes/:objectTypeName/upsert',
  access: ACCESS,
  rateLimit: RATE,
  summary: 'Write up to 1,000 documents by their primary key as the project (Administrator role), all or none',
  params: at,
  body: z.object({ objects }),
  response: okResponse({ upserted: z.number().int(), objects: z.array(cloudDbObject) }),
});

export const serverDelete = defineEndpoint({
  id: 'cloudDb.serverDelete',
  method: 'POST',
  root,
  prefix: PREFIX,
  path: '/projects/:projectId/zones/:zoneName/objectTypes/:objectTypeName/delete',
  access: ACCESS,
  rateLimit: RATE,
  summary: 'Delete up to 1,000 documents by their primary key as the project, all or none',
  params: at,
  body: z.object({ objects }),
  response: okResponse({ deleted: z.number().int() }),
});

export const serverQuery = defineEndpoint({
  id: 'cloudDb.serverQuery',
  method: 'POST',
  root,
  prefix: PREFIX,
  path: '/projects/:projectId/zones/:zoneName/objectTypes/:objectTypeName/query',
  access: ACCESS,
  rateLimit: RATE,
  summary: 'The documents matching every predicate, in order, whoever owns them (the read rule does not apply)',
  params: at,
  body: objectQuery.extend({ withVersions: z.boolean().default(false) }),
  response: okResponse({ objects: z.array(cloudDbObject), cursor: z.string().nullable(), versions: z.array(z.number().int()).optional() }),
});

export const serverAggregate = defineEndpoint({
  id: 'cloudDb.serverAggregate',
  method: 'POST',
  root,
  prefix: PREFIX,
  path: '/projects/:projectId/zones/:zoneName/objectTypes/:objectTypeName/aggregate',
  access: ACCESS,
  rateLimit: RATE,
  summary: 'count, sum, average, min or max over every matching document',
  params: at,
  body: z.object({ where: objectQuery.shape.where, aggregate: z.enum(AGGREGATES), field: cloudDbName.optional() }),
  response: okResponse({ value: z.union([z.number(), z.string()]).nullable() }),
});

export const serverCommit = defineEndpoint({
  id: 'cloudDb.serverCommit',
  method: 'POST',
  root,
  prefix: PREFIX,
  path: '/projects/:projectId/zones/:zoneName/commit',
  access: ACCESS,
  rateLimit: RATE,
  summary: "A transaction's end as the project: the writes all or none, only if every document read is still at the version read (else 409 transactionConflict)",
  params: z.object({ projectId: z.uuid(), zoneName }),
  body: commitBody,
  response: commitAnswer,
});
