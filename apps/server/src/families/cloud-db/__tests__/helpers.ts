import { appApi, appUsersApi, cloudDbApi, projectApi, type ObjectTypeInput } from '@wharf/contract';
import { DEFAULT_CLOUD_DB_PERMISSIONS } from '@wharf/rules';
import type { TestApp, TestUser } from '../../../harness';
import { appHeaders } from '../../../platform/__tests__/matrix/builders/app-users';

let n = 0;

/** A project with one app (its client headers) and anonymous sign-in on, and a zone named `main`. */
export async function projectOf(u: TestUser): Promise<{ projectId: string; appId: string; headers: Record<string, string> }> {
  const projectId = (await u.call(projectApi.createProject, { body: { name: `Cloud DB ${(n += 1)}` } })).json().project.projectId as string;
  const app = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Books ${n}`, packageName: `com.wharf.cdb${process.pid}.a${n}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
  await u.call(appUsersApi.setAuthMethods, { query: { projectId }, body: { anonymous: true, email: true } });
  const zone = await u.call(cloudDbApi.createZone, { query: { projectId }, body: { zoneName: 'main' } });
  if (zone.statusCode !== 200) throw new Error(zone.body);
  return { projectId, appId: app.appId, headers: { ...(await appHeaders(u, app.appId)), 'content-type': 'application/json' } };
}

/** AppGallery Connect's sample type, with an index on the book's name. */
export const BOOK: ObjectTypeInput = {
  objectTypeName: 'BookInfo',
  fields: [
    { fieldName: 'id', fieldType: 'Integer', belongPrimaryKey: true, notNull: true, isNeedEncrypt: false },
    { fieldName: 'bookName', fieldType: 'String', belongPrimaryKey: false, notNull: false, isNeedEncrypt: false, maxLength: 100 },
    { fieldName: 'author', fieldType: 'String', belongPrimaryKey: false, notNull: false, isNeedEncrypt: false },
    { fieldName: 'price', fieldType: 'Double', belongPrimaryKey: false, notNull: false, isNeedEncrypt: false },
    { fieldName: 'published', fieldType: 'Date', belongPrimaryKey: false, notNull: false, isNeedEncrypt: false },
    { fieldName: 'shadowFlag', fieldType: 'Boolean', belongPrimaryKey: false, notNull: true, isNeedEncrypt: false, defaultValue: 'true' },
  ],
  indexes: [{ indexName: 'bookName', indexList: [{ fieldName: 'bookName', sortType: 'ASC' }] }],
  permissions: DEFAULT_CLOUD_DB_PERMISSIONS,
};

export const rights = (r: Partial<Record<'World' | 'Authenticated' | 'Creator' | 'Administrator', ('Read' | 'Upsert' | 'Delete')[]>>) =>
  DEFAULT_CLOUD_DB_PERMISSIONS.map((p) => ({ role: p.role, rights: r[p.role] ?? p.rights }));

/** A new anonymous app user's headers (the app's key and the user's token). */
export async function appUser(t: TestApp, headers: Record<string, string>): Promise<{ headers: Record<string, string>; id: string }> {
  const res = await t.app.inject({ method: 'POST', url: appUsersApi.signInAnonymously.fullPath, headers, payload: {} });
  if (res.statusCode !== 200) throw new Error(res.body);
  const s = res.json() as { accessToken: string; user: { appUserId: string } };
  return { headers: { ...headers, authorization: `Bearer ${s.accessToken}` }, id: s.user.appUserId };
}

type Doc = Record<string, unknown>;
const path = (url: string, zone: string, type: string) => url.replace(':zoneName', zone).replace(':objectTypeName', type);

/** The device calls, as an app (and its user, when the headers carry a token) makes them. */
export function device(t: TestApp, headers: Record<string, string>, zone = 'main', type = 'BookInfo') {
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: path(url, zone, type), headers, payload });
  return {
    upsert: (objects: Doc[]) => post(cloudDbApi.upsertObjects.fullPath, { objects }),
    delete: (objects: Doc[]) => post(cloudDbApi.deleteObjects.fullPath, { objects }),
    query: (q: object = {}) => post(cloudDbApi.queryObjects.fullPath, q),
    aggregate: (q: object) => post(cloudDbApi.aggregateObjects.fullPath, q),
  };
}
