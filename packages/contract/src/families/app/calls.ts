import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { app, APP_CATEGORIES, appKind, appLocation, appName, checkReason, DEVELOP_STATUSES, languageKey, packageName, platform } from './schemas';
import { refused } from '../../kit/field-errors';

const PREFIX = 'amis/app-manage/v1';
const appQuery = z.object({ appId: z.uuid() });
const optionalUrl = z.string().url().max(500).refine((v) => /^https?:\/\//i.test(v), refused('httpLink')).nullable();

export const createApp = defineEndpoint({
  id: 'app.create',
  method: 'POST',
  prefix: PREFIX,
  path: '/app',
  access: 'team:app.create',
  summary: 'Create an app in a project',
  body: z.object({
    projectId: z.uuid(),
    platform,
    name: appName,
    packageName,
    category: z.enum(APP_CATEGORIES),
    defaultLanguage: languageKey,
  }),
  response: okResponse({ app }),
});

export const getApp = defineEndpoint({
  id: 'app.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/app',
  access: 'app:app.read',
  summary: 'One app',
  query: appQuery,
  response: okResponse({ app }),
});

export const updateApp = defineEndpoint({
  id: 'app.update',
  method: 'PUT',
  prefix: PREFIX,
  path: '/app',
  access: 'app:app.manage',
  summary: "Update an app's information (names per language, kind, contact details)",
  body: z.object({
    appId: z.uuid(),
    names: z.record(languageKey, appName).optional(),
    kindId: z.string().max(64).nullable().optional(),
    developerWebsite: optionalUrl.optional(),
    supportEmail: z.string().email().max(254).nullable().optional(),
    supportPhone: z.string().regex(/^\+?[0-9 ()-]{5,30}$/, 'a phone number').nullable().optional(),
  }),
  response: okResponse({ app }),
});

export const deleteApp = defineEndpoint({
  id: 'app.delete',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/app',
  access: 'app:app.manage',
  summary: 'Delete an app that was never on shelf',
  query: appQuery,
  response: okResponse({}),
});

export const appLocationCall = defineEndpoint({
  id: 'app.location',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/location',
  access: 'app:app.read',
  summary: "The app's project, team and data location",
  query: appQuery,
  response: okResponse(appLocation.shape),
});

export const appList = defineEndpoint({
  id: 'app.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/list',
  access: 'team:app.read',
  summary: "The team's apps with search and filters, newest first",
  query: listQuery.extend({
    search: z.string().trim().max(128).optional(),
    platform: platform.optional(),
    category: z.enum(APP_CATEGORIES).optional(),
    projectId: z.uuid().optional(),
  }),
  response: okResponse(listShape(app)),
});

export const appListByProject = defineEndpoint({
  id: 'app.listByProject',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/list/by-project',
  access: 'team:app.read',
  summary: 'The apps of one project',
  query: z.object({ projectId: z.uuid() }),
  response: okResponse({ items: z.array(app) }),
});

export const changePackageName = defineEndpoint({
  id: 'app.changePackageName',
  method: 'PUT',
  prefix: PREFIX,
  path: '/app/package-name',
  access: 'app:app.manage',
  summary: 'Change the package name (only before any package is uploaded)',
  body: z.object({ appId: z.uuid(), packageName }),
  response: okResponse({ app }),
});

export const setDevelopStatus = defineEndpoint({
  id: 'app.setDevelopStatus',
  method: 'PUT',
  prefix: PREFIX,
  path: '/app/develop/status',
  access: 'app:app.manage',
  summary: "Set the app's development status",
  body: z.object({ appId: z.uuid(), developStatus: z.enum(DEVELOP_STATUSES) }),
  response: okResponse({ app }),
});

export const appKinds = defineEndpoint({
  id: 'app.kinds',
  method: 'POST',
  prefix: PREFIX,
  path: '/app/kinds',
  access: 'session',
  summary: 'The catalogue of app and game kinds (store categories)',
  body: z.object({ category: z.enum(APP_CATEGORIES).optional() }),
  response: okResponse({ items: z.array(appKind) }),
});

export const checkPackageName = defineEndpoint({
  id: 'app.checkPackageName',
  method: 'POST',
  prefix: PREFIX,
  path: '/app/check/package-name',
  access: 'team:app.read',
  summary: 'Is a package name usable on a platform (format, reserved words, taken)?',
  body: z.object({ platform, packageName: z.string().max(256), appId: z.uuid().optional() }),
  response: okResponse({ available: z.boolean(), reason: checkReason, message: z.string() }),
});

export const checkAppName = defineEndpoint({
  id: 'app.checkName',
  method: 'POST',
  prefix: 'amis/version-manage/v1',
  path: '/app/name/check',
  access: 'team:app.read',
  summary: 'Is an app name usable (length, reserved words, taken by a listed app)?',
  body: z.object({ name: z.string().max(256), platform, appId: z.uuid().optional() }),
  response: okResponse({ available: z.boolean(), reason: checkReason, message: z.string() }),
});

export const demoProject = defineEndpoint({
  id: 'app.demoProject',
  method: 'GET',
  prefix: PREFIX,
  path: '/demo-project',
  access: 'anonymous',
  summary: 'The read-only demo project and its apps, for visitors',
  response: okResponse({
    available: z.boolean(),
    project: z.object({ projectId: z.string(), name: z.string(), dataLocation: z.string() }).nullable(),
    apps: z.array(app),
  }),
});
