import { z } from 'zod';
import { CLOUD_DB_LIMITS } from '@wharf/rules';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { cloudDbName, objectType, objectTypeInput, projectQuery, schemaFile, schemaOut, securityRules, zone, zoneName } from './schemas';

/** Cloud DB in the console (AppGallery Connect's cloud database: object types, zones, the schema file). */
const PREFIX = 'clouddb/v1';
const READ = 'project:cloud.read';
const MANAGE = 'project:cloud.manage';
const typeParams = z.object({ objectTypeName: cloudDbName });

export const listObjectTypes = defineEndpoint({
  id: 'cloudDb.listObjectTypes',
  method: 'GET',
  prefix: PREFIX,
  path: '/objectTypes',
  access: READ,
  summary: "The project's object types with their fields, indexes, rights and size, and its zones",
  query: projectQuery,
  response: okResponse({ objectTypes: z.array(objectType), zones: z.array(zone) }),
});

export const createObjectType = defineEndpoint({
  id: 'cloudDb.createObjectType',
  method: 'POST',
  prefix: PREFIX,
  path: '/objectTypes',
  access: MANAGE,
  summary: 'Add an object type: its storage is made in every zone at once',
  query: projectQuery,
  body: objectTypeInput,
  response: okResponse({ objectType }),
});

export const updateObjectType = defineEndpoint({
  id: 'cloudDb.updateObjectType',
  method: 'PUT',
  prefix: PREFIX,
  path: '/objectTypes/:objectTypeName',
  access: MANAGE,
  summary: 'Change an object type without losing data: add fields and indexes, widen types and lengths, change rights; a change that could lose data is refused with the reason',
  params: typeParams,
  query: projectQuery,
  body: objectTypeInput.extend({ revision: z.number().int().min(0) }),
  response: okResponse({ objectType }),
});

export const deleteObjectType = defineEndpoint({
  id: 'cloudDb.deleteObjectType',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/objectTypes/:objectTypeName',
  access: MANAGE,
  summary: 'Delete an object type and every document of it in every zone',
  params: typeParams,
  query: projectQuery,
  response: okResponse({ deleted: z.number().int() }),
});

export const exportSchema = defineEndpoint({
  id: 'cloudDb.exportSchema',
  method: 'GET',
  prefix: PREFIX,
  path: '/schema',
  access: READ,
  summary: "The object types as AppGallery Connect's schema file (all, or those named, comma-separated)",
  query: projectQuery.extend({ objectTypes: z.string().max(CLOUD_DB_LIMITS.objectTypes * 31).optional() }),
  response: okResponse({ schema: schemaOut }),
});

export const importSchema = defineEndpoint({
  id: 'cloudDb.importSchema',
  method: 'POST',
  prefix: PREFIX,
  path: '/schema',
  access: MANAGE,
  summary: "Import AppGallery Connect's schema file: new object types are added, existing ones evolved, all or nothing",
  query: projectQuery,
  body: schemaFile,
  response: okResponse({ created: z.array(z.string()), changed: z.array(z.string()), unchanged: z.array(z.string()) }),
});

export const createZone = defineEndpoint({
  id: 'cloudDb.createZone',
  method: 'POST',
  prefix: PREFIX,
  path: '/zones',
  access: MANAGE,
  summary: 'Add a zone: a data space holding its own documents of every object type',
  query: projectQuery,
  body: z.object({ zoneName, retentionDays: z.number().int().min(1).max(3650).nullable().default(null) }),
  response: okResponse({ zone }),
});

export const setZoneRetention = defineEndpoint({
  id: 'cloudDb.setZoneRetention',
  method: 'PUT',
  prefix: PREFIX,
  path: '/zones/:zoneName/retention',
  access: MANAGE,
  summary: 'Keep documents for a number of days after their last change (null: for ever); older ones are deleted daily',
  params: z.object({ zoneName }),
  query: projectQuery,
  body: z.object({ retentionDays: z.number().int().min(1).max(3650).nullable() }),
  response: okResponse({ zone }),
});

export const deleteZone = defineEndpoint({
  id: 'cloudDb.deleteZone',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/zones/:zoneName',
  access: MANAGE,
  summary: 'Delete a zone with every document in it',
  params: z.object({ zoneName }),
  query: projectQuery,
  response: okResponse({ deleted: z.number().int() }),
});

export const setSecurityRules = defineEndpoint({
  id: 'cloudDb.setRules',
  method: 'PUT',
  prefix: PREFIX,
  path: '/objectTypes/:objectTypeName/securityRules',
  access: MANAGE,
  summary: "Set a type's security rules: an expression per operation that must hold besides the role's right (a read rule filters queries and aggregates)",
  params: typeParams,
  query: projectQuery,
  body: z.object({ rules: securityRules, revision: z.number().int().min(0) }),
  response: okResponse({ objectType }),
});

const ruleAuth = z.object({ uid: z.string().max(128), anonymous: z.boolean().default(false) }).nullable();
const ruleDoc = z.record(z.string().max(64), z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]));

export const testSecurityRules = defineEndpoint({
  id: 'cloudDb.testRules',
  method: 'POST',
  prefix: PREFIX,
  path: '/objectTypes/:objectTypeName/securityRules/test',
  access: READ,
  summary: "The rules test kit: cases (an operation, who asks, the stored and the incoming document) run against the given rules or the stored ones, without a device",
  params: typeParams,
  query: projectQuery,
  body: z.object({
    rules: securityRules.optional(),
    cases: z
      .array(
        z.object({
          name: z.string().max(200).optional(),
          operation: z.enum(['read', 'upsert', 'delete']),
          auth: ruleAuth,
          resource: z.object({ owner: z.string().max(128).nullable().default(null), data: ruleDoc }).nullable().default(null),
          request: z.object({ data: ruleDoc }).nullable().default(null),
          expect: z.boolean().optional(),
        }),
      )
      .min(1)
      .max(100),
  }),
  response: okResponse({ results: z.array(z.object({ allowed: z.boolean(), passed: z.boolean().nullable(), problem: z.string().nullable() })) }),
});
