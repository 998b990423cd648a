import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import {
  bucket, bucketName, bucketQuery, cacheControl, contentType, corsRules, customMetadata, folderPrefix, objectName, projectQuery, ruleProblem, storageObject, storageRuleCase, storageRules, usageDay,
} from './schemas';

/** The console's Cloud Storage: a project's buckets, their files, rules, CORS and usage. */
const PREFIX = 'cloudstorage/v1';
const READ = 'project:cloud.read';
const MANAGE = 'project:cloud.manage';

export const getStorageService = defineEndpoint({
  id: 'storage.service',
  method: 'GET',
  prefix: PREFIX,
  path: '/service',
  access: READ,
  summary: "Whether the project's Cloud Storage is on, its buckets, its quota and what it holds",
  query: projectQuery,
  response: okResponse({ enabled: z.boolean(), buckets: z.array(bucket), quotaBytes: z.number().int(), usedBytes: z.number().int(), deviceBase: z.string() }),
});

export const enableStorageService = defineEndpoint({
  id: 'storage.enable',
  method: 'POST',
  prefix: PREFIX,
  path: '/service',
  access: MANAGE,
  summary: "Turns Cloud Storage on for the project: its default bucket, locked to each signed-in user's own folder",
  query: projectQuery,
  response: okResponse({ bucket }),
});

export const createBucket = defineEndpoint({
  id: 'storage.createBucket',
  method: 'POST',
  prefix: PREFIX,
  path: '/bucket',
  access: MANAGE,
  summary: 'Another bucket: 3–63 lower-case letters, digits and hyphens, unique on this deployment',
  query: projectQuery,
  body: z.object({ name: bucketName }),
  response: okResponse({ bucket }),
});

export const deleteBucket = defineEndpoint({
  id: 'storage.deleteBucket',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/bucket',
  access: MANAGE,
  summary: 'Deletes an empty bucket that is not the default one',
  query: bucketQuery,
  response: okResponse({}),
});

export const listObjects = defineEndpoint({
  id: 'storage.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/objects',
  access: READ,
  summary: 'A folder of a bucket: its sub-folders and files by name',
  query: bucketQuery.extend({ prefix: folderPrefix.default(''), pageSize: z.coerce.number().int().min(1).max(1000).default(100), cursor: z.string().max(1100).optional() }),
  response: okResponse({ folders: z.array(z.string()), objects: z.array(storageObject), nextCursor: z.string().nullable() }),
});

export const getObject = defineEndpoint({
  id: 'storage.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/object',
  access: READ,
  summary: "One file's metadata",
  query: bucketQuery.extend({ name: objectName }),
  response: okResponse({ object: storageObject }),
});

export const uploadObject = defineEndpoint({
  id: 'storage.upload',
  method: 'PUT',
  prefix: PREFIX,
  path: '/object',
  access: MANAGE,
  summary: 'Writes a file from the console, as the request body (application/octet-stream), replacing one of the same name; within the project quota',
  query: bucketQuery.extend({ name: objectName, contentType: contentType.optional() }),
  response: okResponse({ object: storageObject }),
});

export const updateObjectMetadata = defineEndpoint({
  id: 'storage.updateMetadata',
  method: 'PATCH',
  prefix: PREFIX,
  path: '/object',
  access: MANAGE,
  summary: "A file's content type, cache control and custom metadata",
  query: bucketQuery.extend({ name: objectName }),
  body: z.object({ contentType: contentType.optional(), cacheControl: cacheControl.nullable().optional(), metadata: customMetadata.optional() }),
  response: okResponse({ object: storageObject }),
});

export const deleteObjects = defineEndpoint({
  id: 'storage.delete',
  method: 'POST',
  prefix: PREFIX,
  path: '/objects/delete',
  access: MANAGE,
  summary: 'Deletes files by name, and whole folders up to 1,000 files a call (`more` says another call is needed)',
  query: bucketQuery,
  body: z.object({ names: z.array(objectName).max(100).default([]), folders: z.array(folderPrefix.refine((p) => p !== '')).max(10).default([]) }),
  response: okResponse({ deleted: z.number().int(), more: z.boolean() }),
});

export const signObjectUrl = defineEndpoint({
  id: 'storage.signUrl',
  method: 'POST',
  prefix: PREFIX,
  path: '/object/signed-url',
  access: READ,
  summary: 'A link anyone may download the file with until it expires (at most 7 days), on the user-content origin',
  query: bucketQuery.extend({ name: objectName }),
  body: z.object({ expiresInSeconds: z.number().int().min(60).max(7 * 24 * 3600).default(3600) }),
  response: okResponse({ url: z.string(), expiresAt: z.string() }),
});

export const getBucketRules = defineEndpoint({
  id: 'storage.rules',
  method: 'GET',
  prefix: PREFIX,
  path: '/bucket/rules',
  access: READ,
  summary: "A bucket's security rules",
  query: bucketQuery,
  response: okResponse({ rules: storageRules, updatedAt: z.string() }),
});

export const putBucketRules = defineEndpoint({
  id: 'storage.putRules',
  method: 'PUT',
  prefix: PREFIX,
  path: '/bucket/rules',
  access: MANAGE,
  summary: "Replaces a bucket's security rules once every pattern and expression is checked",
  query: bucketQuery,
  body: z.object({ rules: storageRules }),
  response: okResponse({ rules: storageRules, updatedAt: z.string() }),
});

export const testBucketRules = defineEndpoint({
  id: 'storage.testRules',
  method: 'POST',
  prefix: PREFIX,
  path: '/bucket/rules/test',
  access: READ,
  summary: 'The test kit: cases against the given rules, or the bucket’s stored ones, without a device',
  query: bucketQuery,
  body: z.object({ rules: storageRules.optional(), cases: z.array(storageRuleCase).min(1).max(100) }),
  response: okResponse({ problem: ruleProblem.nullable(), results: z.array(z.object({ allowed: z.boolean(), rule: z.number().int().nullable(), passed: z.boolean().nullable() })) }),
});

export const getBucketCors = defineEndpoint({
  id: 'storage.cors',
  method: 'GET',
  prefix: PREFIX,
  path: '/bucket/cors',
  access: READ,
  summary: "Which web origins may call a bucket's files from a browser",
  query: bucketQuery,
  response: okResponse({ cors: corsRules }),
});

export const putBucketCors = defineEndpoint({
  id: 'storage.putCors',
  method: 'PUT',
  prefix: PREFIX,
  path: '/bucket/cors',
  access: MANAGE,
  summary: "Replaces a bucket's CORS configuration (origins, methods, headers, max age)",
  query: bucketQuery,
  body: z.object({ cors: corsRules }),
  response: okResponse({ cors: corsRules }),
});

export const getStorageUsage = defineEndpoint({
  id: 'storage.usage',
  method: 'GET',
  prefix: PREFIX,
  path: '/usage',
  access: READ,
  summary: 'Uploads, downloads and deletes per day (UTC) of a bucket, or of all the project’s buckets, for up to 90 days',
  query: projectQuery.extend({ bucket: bucketName.optional(), days: z.coerce.number().int().min(1).max(90).default(30) }),
  response: okResponse({ days: z.array(usageDay) }),
});
