import { z } from 'zod';
import { ALIAS_NAME, ENV_NAME, FUNCTION_LIMITS, FUNCTION_NAME, HANDLER_NAME, INLINE_ENTRY, LATEST, LAYER_LIMITS, LAYER_NAME, SOURCE_PATH } from '@wharf/rules';
import { refused } from '../../kit/field-errors';

const L = FUNCTION_LIMITS;

export const functionName = z.string().regex(FUNCTION_NAME, 'lower-case letters, digits and hyphens, starting with a letter');
export const aliasName = z.string().regex(ALIAS_NAME, 'lower-case letters, digits and hyphens, starting with a letter');
/** An alias, or `$latest` (the editable code), or a version's number. */
export const qualifier = z.union([z.literal(LATEST), aliasName, z.string().regex(/^[1-9]\d{0,5}$/)]);
export const handlerName = z.string().regex(HANDLER_NAME, 'a JavaScript name exported by the code');
export const memoryMb = z.number().int().refine((n) => (L.memoryMb as readonly number[]).includes(n), refused('memorySize'));
export const timeoutSeconds = z.number().int().min(L.timeoutSeconds.min).max(L.timeoutSeconds.max);
export const concurrency = z.number().int().min(L.concurrency.min).max(L.concurrency.max);
export const inlineCode = z.string().min(1).max(L.inlineCodeBytes);
/** Inline code of several files, by path: `index.js` is the one the runner loads. */
export const inlineSources = z
  .record(z.string().regex(SOURCE_PATH, 'a relative path of letters, digits, _, - and .'), z.string())
  .refine((files) => Object.keys(files).length <= L.inlineFiles, refused('inlineFileCount'))
  .refine((files) => INLINE_ENTRY in files && files[INLINE_ENTRY]!.trim() !== '', refused('inlineEntry'))
  .refine((files) => Object.values(files).reduce((n, text) => n + new TextEncoder().encode(text).length, 0) <= L.inlineCodeBytes, refused('inlineSize'));
export const description = z.string().trim().max(256);

/** A variable to set: a value replaces the kept one; no value keeps it (values are never shown again). */
export const envVarInput = z.object({ name: z.string().regex(ENV_NAME, 'letters, digits and _, not starting with a digit'), value: z.string().max(L.envValueChars).optional() });
export const envInput = z
  .array(envVarInput)
  .max(L.envVars)
  .refine((vars) => new Set(vars.map((v) => v.name)).size === vars.length, refused('envNamesRepeat'));

export const layerName = z.string().regex(LAYER_NAME, 'lower-case letters, digits and hyphens, starting with a letter');
/** A layer version a function uses, by the layer's name. */
export const layerRef = z.object({ layerName, version: z.number().int().min(1) });
/** The layers a function runs with, in order: a later one's files win over an earlier one's, the function's own over all. */
export const layerRefs = z
  .array(layerRef)
  .max(LAYER_LIMITS.perFunction)
  .refine((refs) => new Set(refs.map((r) => r.layerName)).size === refs.length, refused('layerTwice'));

/** Who may call the function's HTTP address: anyone, the project's API clients, or its apps' signed-in users. */
export const httpAuth = z.enum(['none', 'apiClient', 'appUser']);

export const functionSettings = z.object({
  handler: handlerName,
  httpAuth,
  memoryMb,
  timeoutSeconds,
  concurrency,
  description,
});

export const cloudFunction = z.object({
  functionId: z.string(),
  projectId: z.string(),
  name: z.string(),
  runtime: z.literal('nodejs20'),
  handler: z.string(),
  memoryMb: z.number(),
  timeoutSeconds: z.number(),
  concurrency: z.number(),
  description: z.string(),
  httpAuth,
  /** Variables by name with the last characters of each value: values are sealed and not shown again. */
  env: z.array(z.object({ name: z.string(), hint: z.string() })),
  codeSha256: z.string(),
  codeSize: z.number(),
  /** Inline source, or files from an uploaded zip. */
  codeSource: z.enum(['inline', 'zip']),
  /** The module the runner loads (`index.js`, or the zip's entry). */
  entry: z.string(),
  layers: z.array(z.object({ layerName: z.string(), version: z.number() })),
  /** The newest published version's number, null before the first. */
  latestVersion: z.number().nullable(),
  /** The HTTP trigger's address without its qualifier: add `$latest`, an alias or a version. */
  triggerUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CloudFunction = z.infer<typeof cloudFunction>;

export const functionVersion = z.object({
  version: z.number(),
  description: z.string(),
  handler: z.string(),
  memoryMb: z.number(),
  timeoutSeconds: z.number(),
  concurrency: z.number(),
  codeSha256: z.string(),
  codeSize: z.number(),
  layers: z.array(z.object({ layerName: z.string(), version: z.number() })),
  /** The aliases that send calls to it. */
  aliases: z.array(z.string()),
  createdAt: z.string(),
});
export type FunctionVersion = z.infer<typeof functionVersion>;

export const functionAlias = z.object({
  name: z.string(),
  version: z.number(),
  additionalVersion: z.number().nullable(),
  additionalWeight: z.number(),
  description: z.string(),
  url: z.string(),
  updatedAt: z.string(),
});
export type FunctionAlias = z.infer<typeof functionAlias>;

export const aliasInput = z
  .object({
    version: z.number().int().min(1),
    additionalVersion: z.number().int().min(1).nullable().default(null),
    additionalWeight: z.number().int().min(L.aliasWeight.min).max(L.aliasWeight.max).default(0),
    description: description.default(''),
  })
  .refine((a) => a.additionalVersion === null || a.additionalVersion !== a.version, refused('aliasSameVersion'));

/** What a call ran and answered: the result, or why it has none, and what the function printed. */
export const invocation = z.object({
  requestId: z.string(),
  outcome: z.enum(['ok', 'error', 'timeout', 'crashed']),
  result: z.unknown().optional(),
  error: z.string().optional(),
  /** `$latest` or the version's number that ran. */
  ran: z.string(),
  coldStart: z.boolean(),
  durationMs: z.number(),
  output: z.string(),
});
export type Invocation = z.infer<typeof invocation>;

/** Every call names its project in the query, where the access check reads it before the body. */
export const projectQuery = z.object({ projectId: z.uuid() });
export const functionQuery = projectQuery.extend({ functionId: z.uuid() });
