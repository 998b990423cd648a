import { appApi, fileApi, packageApi, PARSE_STATE, projectApi, type App, type AppClient, type PackageInfo, type Project } from '@wharf/contract';
import type { Handler } from './fixtures';
import { shellHandlers } from './shell';

/** Projects, apps and packages as the server answers them, for component tests. */

export const PROJECT_ID = '77777777-7777-4777-8777-777777777777';
export const APP_ID = '88888888-8888-4888-8888-888888888888';
export const PKG_ID = '99999999-9999-4999-8999-999999999999';
export const OBJECT_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

export function project(over: Partial<Project> = {}): Project {
  return { projectId: PROJECT_ID, name: 'Field tools', dataLocation: 'russia', createdAt: '2026-03-05T10:00:00.000Z', updatedAt: '2026-03-05T10:00:00.000Z', ...over };
}

/** The app's client credentials as the server answers them. */
export function appClient(over: Partial<AppClient> = {}): AppClient {
  return {
    appId: APP_ID,
    clientId: '123456789012345678',
    apiKey: 'k3y-of-the-field-notes-app-0123456789abcdefWXYZ',
    packageNames: [],
    webOrigins: [],
    createdAt: '2026-03-06T09:00:00.000Z',
    keyRotatedAt: null,
    previousKeyExpiresAt: null,
    ...over,
  };
}

export function app(over: Partial<App> = {}): App {
  return {
    appId: APP_ID,
    projectId: PROJECT_ID,
    platform: 'android',
    name: 'Field Notes',
    names: { enUS: 'Field Notes' },
    packageName: 'com.example.fieldnotes',
    category: 'app',
    kindId: null,
    defaultLanguage: 'enUS',
    developStatus: 'developing',
    packageNameLocked: false,
    everOnShelf: false,
    developerWebsite: null,
    supportEmail: null,
    supportPhone: null,
    createdAt: '2026-03-06T10:00:00.000Z',
    updatedAt: '2026-03-07T10:00:00.000Z',
    ...over,
  };
}

export function pkg(over: Partial<PackageInfo> = {}): PackageInfo {
  return {
    pkgId: PKG_ID,
    appId: APP_ID,
    objectId: OBJECT_ID,
    kind: 'apk',
    fileName: 'fieldnotes-release.apk',
    size: 3_289_089,
    sha256: 'ab'.repeat(32),
    parseState: PARSE_STATE.parsed,
    failureCode: null,
    failureReason: null,
    packageName: 'com.example.fieldnotes',
    versionCode: 1042,
    versionName: '1.4.2',
    minSdk: 24,
    targetSdk: 35,
    permissions: ['android.permission.INTERNET', 'android.permission.CAMERA'],
    label: 'Field Notes',
    debuggable: false,
    certificates: ['680dbbc39ab0944796c811b636ace510c8e551317087036cebab0751b0a6190c'],
    signingSchemes: ['v2'],
    signatureChanged: false,
    iconObjectId: null,
    extra: {},
    remark: null,
    createdAt: '2026-03-08T10:00:00.000Z',
    parsedAt: '2026-03-08T10:00:05.000Z',
    ...over,
  };
}

/**
 * What every page inside an app asks first, answered: the console's configuration, the
 * signed-in account holder, the service menu, the app, its project, its packages and the
 * download address of an image.
 */
export function appShellHandlers({ app: theApp = app(), packages = [pkg()] }: { app?: App; packages?: PackageInfo[] } = {}): Record<string, Handler> {
  const OK = { code: 0, msg: 'success' };
  return {
    ...shellHandlers(),
    [projectApi.getProject.id]: () => ({ ret: OK, project: project() }),
    [appApi.getApp.id]: () => ({ ret: OK, app: theApp }),
    [packageApi.packageList.id]: () => ({ ret: OK, items: packages, nextCursor: null }),
    [fileApi.downloadUrl.id]: () => ({ ret: OK, url: 'data:image/png;base64,iVBORw0KGgo=', expiresAt: '2026-03-09T11:00:00.000Z' }),
  };
}
