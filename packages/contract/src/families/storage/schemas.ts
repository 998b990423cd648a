import { z } from 'zod';
import { bucketNameProblem, objectNameProblem, prefixProblem, STORAGE_LIMITS, STORAGE_RULE_MAX_LENGTH, STORAGE_RULES_MAX } from '@wharf/rules';
import { refused } from '../../kit/field-errors';

const L = STORAGE_LIMITS;

export const bucketName = z.string().refine((n) => bucketNameProblem(n) === null, refused('bucketName'));
export const objectName = z.string().refine((n) => objectNameProblem(n) === null, refused('objectName'));
/** A folder: empty for the top, else ending with `/`. */
export const folderPrefix = z.string().max(L.objectNameBytes).refine((p) => prefixProblem(p) === null, refused('folderPrefix'));
export const contentType = z.string().regex(/^[\w.+-]{1,64}\/[\w.+-]{1,128}(;\s*[\w.+-]+=[\w.+"-]+){0,3}$/, 'a media type such as image/png');
export const cacheControl = z.string().max(256).regex(/^[\w\s,=-]*$/, 'a Cache-Control value such as public, max-age=3600');
export const customMetadata = z
  .record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and -'), z.string().max(L.metadataValueLength))
  .refine((m) => Object.keys(m).length <= L.metadataKeys, refused('metadataKeys'));

export const projectQuery = z.object({ projectId: z.uuid() });
export const bucketQuery = projectQuery.extend({ bucket: bucketName });

export const bucket = z.object({
  name: z.string(),
  isDefault: z.boolean(),
  objects: z.number().int(),
  bytes: z.number().int(),
  createdAt: z.string(),
});

export const storageObject = z.object({
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** Strong validator: the object's sha256, quoted as sent in `ETag`. */
  etag: z.string(),
  cacheControl: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  /** The app user who wrote it; null for the console, an API client or the app key alone. */
  owner: z.string().nullable(),
  generation: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const storageRule = z.object({
  match: z.string().min(1).max(500),
  read: z.string().max(STORAGE_RULE_MAX_LENGTH).optional(),
  list: z.string().max(STORAGE_RULE_MAX_LENGTH).optional(),
  write: z.string().max(STORAGE_RULE_MAX_LENGTH).optional(),
  delete: z.string().max(STORAGE_RULE_MAX_LENGTH).optional(),
});
export const storageRules = z.array(storageRule).max(STORAGE_RULES_MAX);

const facts = z.object({ size: z.number().int().min(0), contentType: z.string().max(200), owner: z.string().max(128).nullable().optional(), metadata: z.record(z.string(), z.string()).optional() });
export const storageRuleCase = z.object({
  name: z.string().max(200).optional(),
  operation: z.enum(['read', 'list', 'write', 'delete']),
  path: z.string().max(L.objectNameBytes),
  auth: z.object({ uid: z.string().min(1).max(128), anonymous: z.boolean() }).nullable(),
  resource: facts.nullable().optional(),
  request: facts.nullable().optional(),
  expect: z.boolean().optional(),
});

export const ruleProblem = z.object({ code: z.string(), index: z.number().int(), operation: z.string().nullable(), detail: z.string() });

const origin = z.union([z.literal('*'), z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'an origin such as https://example.com')]);
export const corsRule = z.object({
  origins: z.array(origin).min(1).max(20),
  methods: z.array(z.enum(['GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE'])).min(1),
  headers: z.array(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name')).max(20).default([]),
  exposeHeaders: z.array(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name')).max(20).default([]),
  maxAgeSeconds: z.number().int().min(0).max(86_400).default(3600),
});
export const corsRules = z.array(corsRule).max(10);

export const usageDay = z.object({ day: z.string(), uploads: z.number().int(), uploadBytes: z.number().int(), downloads: z.number().int(), downloadBytes: z.number().int(), deletes: z.number().int() });

export type StorageBucket = z.infer<typeof bucket>;
export type StorageObjectInfo = z.infer<typeof storageObject>;
export type StorageRuleInput = z.infer<typeof storageRule>;
export type StorageCorsRule = z.infer<typeof corsRule>;
export type StorageUsageDay = z.infer<typeof usageDay>;
