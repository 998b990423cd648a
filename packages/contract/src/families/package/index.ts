import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';

const PREFIX = 'amis/package-manage/v1';

export const PACKAGE_KINDS = ['apk', 'aab', 'hap', 'app', 'rpk', 'exe', 'obb', 'wpk'] as const;

/** AppGallery Connect's parse states: 0 parsed, 1 parsing, 2 failed with a reason code. */
export const PARSE_STATE = { parsed: 0, parsing: 1, failed: 2 } as const;

/**
 * Failure reason codes users know from AppGallery Connect (console-ux.md), plus ours for
 * containers we refuse (9xx ours are above 9000).
 */
export const PACKAGE_FAILURES = {
  packageNameMismatch: 992,
  notExpectedKind: 995,
  debugBuild: 999,
  tooLarge: 1006,
  versionCodeTooLow: 1010,
  unreadable: 9001,
  zipBomb: 9002,
  pathTraversal: 9003,
} as const;

export const packageSchema = z.object({
  pkgId: z.string(),
  appId: z.string(),
  objectId: z.string(),
  kind: z.enum(PACKAGE_KINDS).nullable(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  parseState: z.number().int(),
  failureCode: z.number().int().nullable(),
  failureReason: z.string().nullable(),
  packageName: z.string().nullable(),
  versionCode: z.number().int().nullable(),
  versionName: z.string().nullable(),
  minSdk: z.number().int().nullable(),
  targetSdk: z.number().int().nullable(),
  permissions: z.array(z.string()),
  label: z.string().nullable(),
  debuggable: z.boolean(),
  certificates: z.array(z.string()),
  signingSchemes: z.array(z.string()),
  /** The signer differs from the previous parsed package of the app: ask before using it. */
  signatureChanged: z.boolean(),
  iconObjectId: z.string().nullable(),
  extra: z.record(z.string(), z.unknown()),
  remark: z.string().nullable(),
  createdAt: z.string(),
  parsedAt: z.string().nullable(),
});
export type PackageInfo = z.infer<typeof packageSchema>;

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
