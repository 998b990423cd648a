import { z } from 'zod';
import { defineAlias, defineEndpoint } from '../../kit/endpoint';
import type { RateLimitDecl } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { TESTING_LIMITS } from '@wharf/rules';
import { TEST_KINDS, testVersion } from '../testing';
import { appIdQuery, appInfo, auditInfo, connectLang, languageInfo, phasedReleaseInfo, pkgState, urlInfo } from './schemas';

// The Connect API's Publishing calls, as AppGallery Connect answers them at
// `/api/publish/v2/...`: CI tools built for it publish to Wharf by changing only the origin.
const root = 'connect' as const;
const prefix = 'publish/v2';
const limited: RateLimitDecl = { class: 'apiClient', by: 'caller' };
const text = (max: number) => z.string().max(max);
/** `2019-12-25T07:05:15+0000` as AppGallery Connect writes it, or any ISO 8601 time with its offset. */
const connectTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/, 'a time such as 2026-12-25T07:05:15+0000')
  .transform((v) => new Date(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')).toISOString());

const phasedFields = {
  phasedReleaseStartTime: connectTime.optional(),
  phasedReleaseEndTime: connectTime.optional(),
  phasedReleasePercent: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'a percentage such as 10.00').optional(),
  phasedReleaseDescription: z.string().max(500).optional(),
};

/** app-submit's query (v3 clients may send the same fields in its body). */
const submitQuery = appIdQuery
  .extend({ releaseTime: connectTime.optional(), remark: z.string().max(300).optional(), releaseType: z.enum(['1', '3']).optional() })
  .strict();

export const appIdList = defineEndpoint({
  id: 'publishing.appIdList',
  method: 'GET',
  root,
  prefix,
  path: '/appid-list',
  access: 'api-client',
  rateLimit: limited,
  summary: "The IDs of the team's apps with these package names (comma-separated); names the team has no app for are left out",
  query: z.object({ packageName: z.string().min(1).max(2000) }).strict(),
  response: okResponse({ appids: z.array(z.object({ key: z.string(), value: z.string() })) }),
});

export const getAppInfo = defineEndpoint({
  id: 'publishing.appInfo',
  method: 'GET',
  root,
  prefix,
  path: '/app-info',
  access: 'api-client',
  rateLimit: limited,
  summary: 'An app as its version in preparation (else the one on shelf) shows it: state, languages and texts, phased release, review opinion',
  query: appIdQuery.extend({ lang: connectLang.optional() }).strict(),
  response: okResponse({ appInfo, auditInfo, languages: z.array(languageInfo) }),
});

export const updateLanguageInfo = defineEndpoint({
  id: 'publishing.updateLanguageInfo',
  method: 'PUT',
  root,
  prefix,
  path: '/app-language-info',
  access: 'api-client:publishing',
  rateLimit: limited,
  summary: "Set one language's texts of the version in preparation (made from the one on shelf if there is none); fields left out stay as they are",
  query: appIdQuery.strict(),
  body: z
    .object({ lang: connectLang, appName: text(64).optional(), appDesc: text(8000).optional(), briefInfo: text(80).optional(), newFeatures: text(500).optional() })
    .strict(),
  response: okResponse({}),
});

export const deleteLanguageInfo = defineEndpoint({
  id: 'publishing.deleteLanguageInfo',
  method: 'DELETE',
  root,
  prefix,
  path: '/app-language-info',
  access: 'api-client:publishing',
  rateLimit: limited,
  summary: 'Remove one language from the version in preparation (never its default language)',
  query: appIdQuery.extend({ lang: connectLang }).strict(),
  response: okResponse({}),
});

export const uploadUrl = defineEndpoint({
  id: 'publishing.uploadUrl',
  method: 'GET',
  root,
  prefix,
  path: '/upload-url/for-obs',
  access: 'api-client:publishing',
  rateLimit: limited,
  summary: 'A URL to PUT one file to (its raw bytes, with the answered headers only): exactly contentLength bytes with that SHA-256 when given',
  query: appIdQuery
    .extend({
      fileName: z.string().min(1).max(255).regex(/^[^/\\\p{Cc}]+$/u, 'a file name without a path'),
      contentLength: z.coerce.number().int().min(1),
      sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, 'a SHA-256 in hex').optional(),
      /** 1: a normal release (the only kind Wharf publishes through this call). */
      releaseType: z.literal('1').optional(),
    })
    .strict(),
  response: okResponse({ urlInfo }),
});

export const appFileInfo = defineEndpoint({
  id: 'publishing.appFileInfo',
  method: 'PUT',
  root,
  prefix,
  path: '/app-file-info',
  access: 'api-client:publishing',
  rateLimit: limited,
  summary: 'Make an uploaded package (fileType 5) the package of the version in preparation: it is parsed, then attached; poll package/compile/status',
  query: appIdQuery.extend({ releaseType: z.literal('1').optional() }).strict(),
  body: z
    .object({
      fileType: z.literal(5),
      lang: connectLang.optional(),
      files: z.array(z.object({ fileName: z.string().min(1).max(255), fileDestUrl: z.string().min(1).max(100) }).strict()).length(1),
    })
    .strict(),
  response: okResponse({ pkgVersion: z.array(z.string()) }),
});

export const compileStatus = defineEndpoint({
  id: 'publishing.compileStatus',
  method: 'GET',
  root,
  prefix,
  path: '/package/compile/status',
  access: 'api-client',
  rateLimit: limited,
  summary: 'Whether packages of the app are parsed (0), still parsing (1) or failed (2), by their IDs (comma-separated)',
  query: appIdQuery.extend({ pkgIds: z.string().min(1).max(2000) }).strict(),
  response: okResponse({ pkgStateList: z.array(pkgState) }),
});

export const submitApp = defineEndpoint({
  id: 'publishing.submit',
  method: 'POST',
  root,
  prefix,
  path: '/app-submit',
  access: 'api-client:publishing',
  rateLimit: limited,
  summary: 'Submit the version in preparation for review: at once when approved, at releaseTime, or in phases (releaseType 3 with the phased fields)',
  query: submitQuery,
  body: z
    .object({ ...phasedFields })
    .strict()
    // A submit without phases sends no body at all.
    .nullish(),
  response: okResponse({}),
});

export const changePhasedRelease = defineEndpoint({
  id: 'publishing.phasedRelease',
  method: 'PUT',
  root,
  prefix,
  path: '/phased-release',
  access: 'api-client:publishing',
  rateLimit: limited,
  summary: "Pause (SUSPEND) or resume (RELEASE) the app's phased release, or widen it (phasedReleasePercent), or roll it out to everyone (FULL)",
  // Some clients name the release type of the phased release they change (3).
  query: appIdQuery.extend({ releaseType: z.literal('3').optional() }).strict(),
  body: z
    .object({
      state: z.enum(['SUSPEND', 'RELEASE', 'FULL']),
      phasedReleasePercent: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'a percentage such as 10.00').optional(),
      phasedReleaseEndTime: connectTime.optional(),
      phasedReleaseDescription: z.string().max(500).optional(),
    })
    .strict(),
  response: okResponse({ phasedReleaseInfo }),
});

// The same call at the paths AppGallery Connect's clients also use for it.
export const phasedReleaseState = defineAlias(changePhasedRelease, { id: 'publishing.phasedReleaseState', prefix, path: '/phased-release/state' });
export const versionPhasedRelease = defineAlias(changePhasedRelease, { id: 'publishing.versionPhasedRelease', prefix, path: '/version/phased-release' });

export const onShelfTime = defineEndpoint({
  id: 'publishing.onShelfTime',
  method: 'PUT',
  root,
  prefix,
  path: '/on-shelf-time',
  access: 'api-client:publishing',
  rateLimit: limited,
  summary: 'Change when the approved version waiting for its release time goes on shelf: at once (changeType 2) or at a new releaseTime (changeType 3)',
  query: appIdQuery.strict(),
  body: z
    .object({
      /** 2: release now instead of at the set time; 3: move the set time. */
      changeType: z.union([z.literal(2), z.literal(3)]),
      /** The new release time (changeType 3); clients send it with changeType 2 too, where it means nothing. */
      releaseTime: connectTime.optional(),
      /** 1: a full release, 3: a phased one; it must be the waiting version's. */
      releaseType: z.union([z.literal(1), z.literal(3)]).default(1),
    })
    .strict(),
  response: okResponse({}),
});

// The v3 paths clients of the Publishing API v3 call (HarmonyOS tools among them): the same
// calls, answered the same way.
const v3 = (path: string) => ({ prefix: 'publish/v3', path });
export const getAppInfoV3 = defineAlias(getAppInfo, { id: 'publishing.appInfoV3', ...v3('/app-info') });
export const updateLanguageInfoV3 = defineAlias(updateLanguageInfo, { id: 'publishing.updateLanguageInfoV3', ...v3('/app-language-info') });
export const deleteLanguageInfoV3 = defineAlias(deleteLanguageInfo, { id: 'publishing.deleteLanguageInfoV3', ...v3('/app-language-info') });
export const compileStatusV3 = defineAlias(compileStatus, { id: 'publishing.compileStatusV3', ...v3('/package/compile/status') });


/** v3's submit takes its fields in the body (v2's in the query); the query ones are taken too. */
export const submitAppV3 = defineEndpoint({
  id: 'publishing.submitV3',
  method: 'POST',
  root,
  ...v3('/app-submit'),
  access: 'api-client:publishing',
  rateLimit: limited,
  summary: 'Submit the version in preparation for review (v3: remark, releaseTime and the phased fields in the body; a registered ID goes to the reviewer with the remark)',
  query: submitQuery,
  body: z
    .object({
      remark: z.string().max(300).optional(),
      releaseTime: connectTime.optional(),
      /** The publisher's registration (an ICP filing, for apps offered in mainland China): shown to the reviewer. */
      registeredIdType: z.number().int().min(0).max(99).optional(),
      registeredIdNumber: z.string().trim().min(1).max(100).optional(),
      ...phasedFields,
    })
    .strict()
    .nullish(),
  response: okResponse({}),
});

export const appPackageInfoV3 = defineEndpoint({
  id: 'publishing.appPackageInfoV3',
  method: 'PUT',
  root,
  ...v3('/app-package-info'),
  access: 'api-client:publishing',
  rateLimit: limited,
  summary: 'Make an uploaded package (a HarmonyOS .app or .hap, as v3 clients send it) the package of the version in preparation: parsed, then attached; poll package/compile/status',
  // releasePhase 0: the package of a normal release (a phased one is chosen at submit).
  query: appIdQuery.extend({ releaseType: z.literal('1').optional(), releasePhase: z.literal('0').optional() }).strict(),
  body: z.object({ fileName: z.string().min(1).max(255), objectId: z.string().min(1).max(100) }).strict(),
  response: okResponse({ packageId: z.string() }),
});

const isoTime = z.iso.datetime({ offset: true });
const testVersionFields = {
  versionName: z.string().trim().min(1).max(64),
  pkgId: z.uuid(),
  /** Test-user groups of the team, made in the console (App testing). */
  testGroupIds: z.array(z.uuid()).min(1).max(TESTING_LIMITS.groupsPerTestVersion),
  startTime: z.union([connectTime, isoTime]),
  endTime: z.union([connectTime, isoTime]),
  /** invited (the groups' testers) or open (anyone with an invitation link). */
  testType: z.enum(TEST_KINDS).default('invited'),
  installLimit: z.number().int().min(1).max(TESTING_LIMITS.installCap).optional(),
};

export const createTestVersion = defineEndpoint({
  id: 'publishing.createTestVersion',
  method: 'POST',
  root,
  prefix,
  path: '/test/app/version',
  access: 'api-client:publishing',
  rateLimit: limited,
  summary: 'A test version of an app: a parsed package, test-user groups and a window; submit it for review next',
  query: appIdQuery.strict(),
  body: z.object(testVersionFields).strict(),
  response: okResponse({ testVersion }),
});

export const updateTestVersion = defineEndpoint({
  id: 'publishing.updateTestVersion',
  method: 'PUT',
  root,
  prefix,
  path: '/test/app/version',
  access: 'api-client:publishing',
  rateLimit: limited,
  summary: 'Change a test version: a draft or rejected one every field, a waiting or running one its window and install limit',
  query: appIdQuery.strict(),
  body: z
    .object({
      testVersionId: z.uuid(),
      versionName: testVersionFields.versionName.optional(),
      pkgId: testVersionFields.pkgId.optional(),
      testGroupIds: testVersionFields.testGroupIds.optional(),
      startTime: testVersionFields.startTime.optional(),
      endTime: testVersionFields.endTime.optional(),
      installLimit: testVersionFields.installLimit,
    })
    .strict(),
  response: okResponse({ testVersion }),
});

export const submitTestVersion = defineEndpoint({
  id: 'publishing.submitTestVersion',
  method: 'POST',
  root,
  prefix,
  path: '/test/app/version/submit',
  access: 'api-client:publishing',
  rateLimit: limited,
  summary: 'Submit a test version for review',
  query: appIdQuery.strict(),
  body: z.object({ testVersionId: z.uuid() }).strict(),
  response: okResponse({ testVersion }),
});
