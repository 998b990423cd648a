import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { cloudDbObject, objectQuery } from './client-calls';
import { cloudDbName, projectQuery, zoneName } from './schemas';

/** The console's data view: the project's documents as its Administrator role may reach them. */
const PREFIX = 'clouddb/v1';
const at = z.object({ zoneName, objectTypeName: cloudDbName });
const objects = z.array(cloudDbObject).min(1).max(1000);

export const browseObjects = defineEndpoint({
  id: 'cloudDb.browse',
  method: 'POST',
  prefix: PREFIX,
  path: '/zones/:zoneName/objectTypes/:objectTypeName/objects/query',
  access: 'project:cloud.read',
  summary: 'A page of documents with filters and order, and how many match (as the Administrator role reads them)',
  params: at,
  query: projectQuery,
  body: objectQuery,
  response: okResponse({ objects: z.array(cloudDbObject), cursor: z.string().nullable(), total: z.number().int() }),
});

export const writeObjects = defineEndpoint({
  id: 'cloudDb.write',
  method: 'POST',
  prefix: PREFIX,
  path: '/zones/:zoneName/objectTypes/:objectTypeName/objects/upsert',
  access: 'project:cloud.manage',
  summary: 'Add or replace documents from the console (as the Administrator role), all or none, with an audit event',
  params: at,
  query: projectQuery,
  body: z.object({ objects }),
  response: okResponse({ upserted: z.number().int(), objects: z.array(cloudDbObject) }),
});

export const removeObjects = defineEndpoint({
  id: 'cloudDb.remove',
  method: 'POST',
  prefix: PREFIX,
  path: '/zones/:zoneName/objectTypes/:objectTypeName/objects/delete',
  access: 'project:cloud.manage',
  summary: 'Delete documents by key from the console (as the Administrator role), all or none, with an audit event',
  params: at,
  query: projectQuery,
  body: z.object({ objects }),
  response: okResponse({ deleted: z.number().int() }),
});
