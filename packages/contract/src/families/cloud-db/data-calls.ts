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

export const TRANSFER_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const transfer = z.object({
  id: z.uuid(),
  kind: z.enum(['import', 'export']),
  format: z.enum(['json', 'csv']),
  zoneName: z.string(),
  objectTypeName: z.string(),
  state: z.enum(TRANSFER_STATES),
  /** Documents written (import) or read (export) so far, of `total` (known once the file is read or the count made). */
  done: z.number().int(),
  total: z.number().int().nullable(),
  /** Why it failed, in the three languages (an import names the document and field). */
  error: z.object({ zh: z.string(), en: z.string(), ru: z.string() }).nullable(),
  /** An export's file, for the file service's download URL, once done. */
  objectId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CloudDbTransfer = z.infer<typeof transfer>;

export const startImport = defineEndpoint({
  id: 'cloudDb.startImport',
  method: 'POST',
  prefix: PREFIX,
  path: '/zones/:zoneName/objectTypes/:objectTypeName/imports',
  access: 'project:cloud.manage',
  summary: 'Import documents from an uploaded file (a JSON array of documents, or CSV with a header of field names) in the background: every document is checked first, and nothing is written if one is wrong',
  params: at,
  query: projectQuery,
  body: z.object({ objectId: z.uuid(), format: z.enum(['json', 'csv']) }),
  response: okResponse({ transfer }),
});

export const startExport = defineEndpoint({
  id: 'cloudDb.startExport',
  method: 'POST',
  prefix: PREFIX,
  path: '/zones/:zoneName/objectTypes/:objectTypeName/exports',
  access: 'project:cloud.read',
  summary: 'Export every document of the type in the zone to a JSON or CSV file in the background (CSV cells are escaped against formula injection; encrypted fields are left empty)',
  params: at,
  query: projectQuery,
  body: z.object({ format: z.enum(['json', 'csv']) }),
  response: okResponse({ transfer }),
});

export const listTransfers = defineEndpoint({
  id: 'cloudDb.transfers',
  method: 'GET',
  prefix: PREFIX,
  path: '/transfers',
  access: 'project:cloud.read',
  summary: "The project's latest imports and exports (20) with their progress",
  query: projectQuery,
  response: okResponse({ transfers: z.array(transfer) }),
});
