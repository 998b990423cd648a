import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { AGE_RATINGS, REGIONS } from '@wharf/rules';
import { languageKey } from '../app';
import { completeness, historyEvent, listingInput, RELEASE_TYPES, testAccount, version, versionRef } from './schemas';

const PREFIX = 'amis/version-manage/v1';
const REGION_IDS = REGIONS.map((r) => r.id) as [string, ...string[]];

export const createVersion = defineEndpoint({
  id: 'version.create',
  method: 'POST',
  prefix: PREFIX,
  path: '/app/version',
  access: 'app:version.manage',
  summary: "Start a version; while one is unreleased (draft, in review, rejected, waiting) that one is answered instead",
  body: z.object({ appId: z.uuid() }),
  response: okResponse({ version, created: z.boolean() }),
});

export const getVersion = defineEndpoint({
  id: 'version.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/version',
  access: 'app:app.read',
  summary: 'One version with its listings and what is missing before it can be submitted',
  query: versionRef,
  response: okResponse({ version, completeness }),
});

export const updateVersion = defineEndpoint({
  id: 'version.update',
  method: 'PUT',
  prefix: PREFIX,
  path: '/app/version',
  access: 'app:version.manage',
  summary: 'Edit a version: package, listings per language, countries, release type and time, review notes, test account, age rating',
  body: versionRef.extend({
    pkgId: z.uuid().nullable().optional(),
    listings: z.array(listingInput).max(100).optional(),
    countries: z.array(z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code')).max(300).optional(),
    /** Whole regions, added to the countries given (the console's region checkboxes). */
    regions: z.array(z.enum(REGION_IDS)).max(8).optional(),
    releaseType: z.enum(RELEASE_TYPES).optional(),
    releaseAt: z.iso.datetime({ offset: true }).nullable().optional(),
    reviewNotes: z.string().max(2000).nullable().optional(),
    testAccount: testAccount.nullable().optional(),
    ageRating: z.enum(AGE_RATINGS).nullable().optional(),
  }),
  response: okResponse({ version, completeness }),
});

export const deleteVersion = defineEndpoint({
  id: 'version.delete',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/app/version',
  access: 'app:version.manage',
  summary: 'Delete a version that never reached the shelf',
  query: versionRef,
  response: okResponse({}),
});

export const versionList = defineEndpoint({
  id: 'version.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/version/list',
  access: 'app:app.read',
  summary: "The app's versions, newest first",
  query: listQuery.extend({ appId: z.uuid() }),
  response: okResponse(listShape(version)),
});

export const deleteVersionLanguage = defineEndpoint({
  id: 'version.deleteLanguage',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/app/version/language',
  access: 'app:version.manage',
  summary: "Remove one language's listing from a version",
  query: versionRef.extend({ language: languageKey }),
  response: okResponse({ version, completeness }),
});

export const lastOnShelf = defineEndpoint({
  id: 'version.lastOnShelf',
  method: 'GET',
  prefix: PREFIX,
  path: '/version/last-on-shelf',
  access: 'app:app.read',
  summary: "The app's version on shelf now, if any",
  query: z.object({ appId: z.uuid() }),
  response: okResponse({ version: version.nullable() }),
});

export const preparingVersion = defineEndpoint({
  id: 'version.preparing',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/version/preparing',
  access: 'app:app.read',
  summary: "The app's one unreleased version (draft, in review, rejected, waiting for its release time, or taken off shelf and editable again) with its completeness; null when there is none",
  query: z.object({ appId: z.uuid() }),
  response: okResponse({ version: version.nullable(), completeness: completeness.nullable() }),
});

export const historyVersionList = defineEndpoint({
  id: 'version.historyList',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/history-version/list',
  access: 'app:app.read',
  summary: 'Versions that reached the shelf, the current one and those before it, newest first',
  query: listQuery.extend({ appId: z.uuid() }),
  response: okResponse(listShape(version)),
});

export const historyVersion = defineEndpoint({
  id: 'version.history',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/history-version',
  access: 'app:app.read',
  summary: 'A version with its history: who did what when',
  query: versionRef,
  response: okResponse({ version, events: z.array(historyEvent) }),
});
