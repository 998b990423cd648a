import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { packageSchema } from './schemas';

const PREFIX = 'amis/package-manage/v1';

export * from './schemas';
export * from './more-calls';
export * from './claim-calls';

const appQuery = z.object({ appId: z.uuid() });
const pkgQuery = appQuery.extend({ pkgId: z.uuid() });

export const addPackage = defineEndpoint({
  id: 'package.add',
  method: 'POST',
  prefix: PREFIX,
  path: '/app/pkg',
  access: 'app:package.manage',
  summary: 'Make an uploaded file a package of the app; it is parsed in the background',
  body: appQuery.extend({ objectId: z.uuid(), remark: z.string().max(200).optional() }),
  response: okResponse({ package: packageSchema }),
});

export const getPackage = defineEndpoint({
  id: 'package.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/pkg',
  access: 'app:app.read',
  summary: 'One package with its parsed facts',
  query: pkgQuery,
  response: okResponse({ package: packageSchema }),
});

export const updatePackage = defineEndpoint({
  id: 'package.update',
  method: 'PUT',
  prefix: PREFIX,
  path: '/app/pkg',
  access: 'app:package.manage',
  summary: "Change a package's remark",
  body: pkgQuery.extend({ remark: z.string().max(200).nullable() }),
  response: okResponse({ package: packageSchema }),
});

export const deletePackage = defineEndpoint({
  id: 'package.delete',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/app/pkg',
  access: 'app:package.manage',
  summary: 'Delete a package no version uses',
  query: pkgQuery,
  response: okResponse({}),
});

export const packageList = defineEndpoint({
  id: 'package.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/pkg/list',
  access: 'app:app.read',
  summary: "The app's packages, newest first",
  query: listQuery.extend({ appId: z.uuid() }),
  response: okResponse(listShape(packageSchema)),
});

export const packageState = defineEndpoint({
  id: 'package.state',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/pkg/state',
  access: 'app:app.read',
  summary: 'The parse state of a package (poll while it is 1)',
  query: pkgQuery,
  response: okResponse({ parseState: z.number().int(), failureCode: z.number().int().nullable(), failureReason: z.string().nullable() }),
});

export const packageProcessTask = defineEndpoint({
  id: 'package.processTask',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/pkg/process/task',
  access: 'app:app.read',
  summary: "The app's packages still being processed",
  query: appQuery,
  response: okResponse({ items: z.array(z.object({ pkgId: z.string(), fileName: z.string(), parseState: z.number().int(), createdAt: z.string() })) }),
});
