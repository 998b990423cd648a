import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import {
  aliasInput, aliasName, cloudFunction, envInput, inlineSources, layerRefs, functionAlias, functionName, functionQuery, functionSettings, functionVersion, inlineCode, invocation, projectQuery, qualifier,
} from './schemas';

/** AppGallery Connect's function manage calls (functions, versions, aliases) and a test call. */
const PREFIX = 'caas/function-manage/v1';
const READ = 'project:cloud.read';
const MANAGE = 'project:cloud.manage';

export const listFunctions = defineEndpoint({
  id: 'cloudFunctions.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/functions',
  access: READ,
  summary: "The project's functions, newest first",
  query: listQuery.extend(projectQuery.shape),
  response: okResponse(listShape(cloudFunction)),
});

export const getFunction = defineEndpoint({
  id: 'cloudFunctions.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/function',
  access: READ,
  summary: 'One function with the inline code of `$latest`',
  query: functionQuery,
  response: okResponse({
    function: cloudFunction,
    /** `index.js` of inline code; empty when the code came as a zip. */
    code: z.string(),
    /** Every file of inline code by path (the editor's files); empty when the code came as a zip. */
    sources: z.record(z.string(), z.string()),
    /** The files of a zip's code (none for inline code). */
    files: z.array(z.object({ path: z.string(), size: z.number() })),
  }),
});

export const uploadCode = defineEndpoint({
  id: 'cloudFunctions.uploadCode',
  method: 'PUT',
  prefix: PREFIX,
  path: '/function/code/upload',
  access: MANAGE,
  summary: "Make a zip (uploaded with the file service) `$latest`'s code: its files are checked (size, count, paths, links, packing ratio) and `entry` must be one of them",
  query: functionQuery,
  body: z.object({ objectId: z.uuid(), entry: z.string().regex(/^[\w./-]{1,200}\.c?js$/).default('index.js') }),
  response: okResponse({ function: cloudFunction }),
});

export const createFunction = defineEndpoint({
  id: 'cloudFunctions.create',
  method: 'POST',
  prefix: PREFIX,
  path: '/function',
  access: MANAGE,
  summary: 'Create a function (Node.js 20) from inline code; its `$latest` runs at once, versions come from publishing',
  query: projectQuery,
  body: functionSettings.partial().extend({ name: functionName, code: inlineCode.optional(), files: inlineSources.optional(), env: envInput.default([]) }),
  response: okResponse({ function: cloudFunction }),
});

export const updateFunction = defineEndpoint({
  id: 'cloudFunctions.update',
  method: 'PUT',
  prefix: PREFIX,
  path: '/function',
  access: MANAGE,
  summary: "Change `$latest`: its code (`files` by path with `index.js` the entry, or `code` for `index.js` alone), settings, layers or environment (published versions do not change)",
  query: functionQuery,
  body: functionSettings.partial().extend({ code: inlineCode.optional(), files: inlineSources.optional(), env: envInput.optional(), layers: layerRefs.optional() }),
  response: okResponse({ function: cloudFunction }),
});

export const deleteFunction = defineEndpoint({
  id: 'cloudFunctions.delete',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/function',
  access: MANAGE,
  summary: 'Delete a function with its versions and aliases',
  query: functionQuery,
  response: okResponse({}),
});

export const publishVersion = defineEndpoint({
  id: 'cloudFunctions.publishVersion',
  method: 'POST',
  prefix: PREFIX,
  path: '/version',
  access: MANAGE,
  summary: "Publish `$latest` as the next numbered version, which never changes",
  query: functionQuery,
  body: z.object({ description: z.string().trim().max(256).default('') }),
  response: okResponse({ version: functionVersion }),
});

export const listVersions = defineEndpoint({
  id: 'cloudFunctions.listVersions',
  method: 'GET',
  prefix: PREFIX,
  path: '/versions',
  access: READ,
  summary: "A function's published versions, newest first, with the aliases on each",
  query: functionQuery,
  response: okResponse({ versions: z.array(functionVersion) }),
});

export const deleteVersion = defineEndpoint({
  id: 'cloudFunctions.deleteVersion',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/version',
  access: MANAGE,
  summary: 'Delete a version no alias sends calls to',
  query: functionQuery.extend({ version: z.coerce.number().int().min(1) }),
  response: okResponse({}),
});

export const listAliases = defineEndpoint({
  id: 'cloudFunctions.listAliases',
  method: 'GET',
  prefix: PREFIX,
  path: '/aliases',
  access: READ,
  summary: "A function's aliases with their versions, weights and HTTP addresses",
  query: functionQuery,
  response: okResponse({ aliases: z.array(functionAlias) }),
});

export const createAlias = defineEndpoint({
  id: 'cloudFunctions.createAlias',
  method: 'POST',
  prefix: PREFIX,
  path: '/alias',
  access: MANAGE,
  summary: 'Name a version, or split calls between two versions by weight',
  query: functionQuery,
  body: z.intersection(z.object({ name: aliasName }), aliasInput),
  response: okResponse({ alias: functionAlias }),
});

export const updateAlias = defineEndpoint({
  id: 'cloudFunctions.updateAlias',
  method: 'PUT',
  prefix: PREFIX,
  path: '/alias',
  access: MANAGE,
  summary: "Point an alias at other versions or change its split; calls move at once",
  query: functionQuery.extend({ alias: aliasName }),
  body: aliasInput,
  response: okResponse({ alias: functionAlias }),
});

export const deleteAlias = defineEndpoint({
  id: 'cloudFunctions.deleteAlias',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/alias',
  access: MANAGE,
  summary: 'Delete an alias; its address stops answering',
  query: functionQuery.extend({ alias: aliasName }),
  response: okResponse({}),
});

export const testFunction = defineEndpoint({
  id: 'cloudFunctions.test',
  method: 'POST',
  prefix: PREFIX,
  path: '/function/test',
  access: MANAGE,
  rateLimit: { class: 'functionTest', by: 'caller' },
  summary: 'Run the function once with a test event: `$latest`, a version or an alias',
  query: functionQuery,
  body: z.object({ qualifier: qualifier.default('$latest'), event: z.unknown().default({}), requestId: z.string().regex(/^[\w.:-]{1,128}$/).optional() }),
  response: okResponse({ invocation }),
});
