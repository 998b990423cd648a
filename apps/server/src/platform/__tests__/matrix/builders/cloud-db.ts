import { cloudDbApi, fileApi, type ObjectTypeInput } from '@wharf/contract';
import { DEFAULT_CLOUD_DB_PERMISSIONS } from '@wharf/rules';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { ok } from '../answers';
import { apiClientHeaders } from './api-clients';
import { appHeaders } from './app-users';

const NOTE: ObjectTypeInput = {
  objectTypeName: 'Note',
  fields: [
    { fieldName: 'id', fieldType: 'Integer', belongPrimaryKey: true, notNull: true, isNeedEncrypt: false },
    { fieldName: 'text', fieldType: 'String', belongPrimaryKey: false, notNull: false, isNeedEncrypt: false },
  ],
  indexes: [],
  permissions: DEFAULT_CLOUD_DB_PERMISSIONS.map((p) => (p.role === 'World' ? { ...p, rights: ['Read', 'Upsert', 'Delete'] } : p)),
};

let names = 0;
const fresh = (base: string) => `${base}${(names += 1)}`;

let ready: Promise<Record<string, string>> | undefined;
/**
 * A's project with a zone `matrix` holding a Note anyone with A's app key may read and
 * write, one document carrying the marker; answers A's app headers.
 */
const notes = (s: Seed) =>
  (ready ??= (async () => {
    const query = { projectId: s.a.projectId };
    await ok(await s.a.holder.call(cloudDbApi.createZone, { query, body: { zoneName: 'matrix' } }), 'zone');
    await ok(await s.a.holder.call(cloudDbApi.createObjectType, { query, body: NOTE }), 'object type');
    const headers = await appHeaders(s.a.holder, s.a.app.appId);
    const at = cloudDbApi.upsertObjects.fullPath.replace(':zoneName', 'matrix').replace(':objectTypeName', 'Note');
    await ok(await s.t.app.inject({ method: 'POST', url: at, headers, payload: { objects: [{ id: 1, text: s.marker }] } }), 'document');
    return headers;
  })());

/** A fresh object type of A's project, for the calls that change or delete one. */
async function freshType(s: Seed): Promise<string> {
  await notes(s);
  const objectTypeName = fresh('Scratch');
  await ok(await s.a.holder.call(cloudDbApi.createObjectType, { query: { projectId: s.a.projectId }, body: { ...NOTE, objectTypeName } }), 'fresh type');
  return objectTypeName;
}

const where = { zoneName: 'matrix', objectTypeName: 'Note' };
const server = (s: Seed) => ({ projectId: s.a.projectId, ...where });

export function cloudDbBuilders(): Builders {
  return {
    'cloudDb.listObjectTypes': { build: async (s) => (await notes(s), { query: { projectId: s.a.projectId } }) },
    'cloudDb.createObjectType': { build: async (s) => (await notes(s), { query: { projectId: s.a.projectId }, body: { ...NOTE, objectTypeName: fresh('Made') } }) },
    'cloudDb.updateObjectType': {
      build: async (s) => {
        const objectTypeName = await freshType(s);
        return { params: { objectTypeName }, query: { projectId: s.a.projectId }, body: { ...NOTE, objectTypeName, indexes: [{ indexName: 'byText', indexList: [{ fieldName: 'text', sortType: 'ASC' }] }], revision: 1 } };
      },
    },
    'cloudDb.deleteObjectType': { build: async (s) => ({ params: { objectTypeName: await freshType(s) }, query: { projectId: s.a.projectId } }) },
    'cloudDb.setRules': {
      build: async (s) => {
        const objectTypeName = await freshType(s);
        return { params: { objectTypeName }, query: { projectId: s.a.projectId }, body: { rules: { upsert: 'request.data.id >= 0' }, revision: 1 } };
      },
    },
    'cloudDb.testRules': {
      build: async (s) => (await notes(s), { params: { objectTypeName: 'Note' }, query: { projectId: s.a.projectId }, body: { rules: { read: 'auth != null' }, cases: [{ operation: 'read', auth: null }] } }),
    },
    'cloudDb.exportSchema': { build: async (s) => (await notes(s), { query: { projectId: s.a.projectId, objectTypes: 'Note' } }) },
    'cloudDb.importSchema': {
      build: async (s) => (await notes(s), { query: { projectId: s.a.projectId }, body: { schemaVersion: 1, objectTypes: [{ ...NOTE, permissions: undefined, objectTypeName: fresh('Imported') }] } }),
    },
    'cloudDb.createZone': { build: async (s) => (await notes(s), { query: { projectId: s.a.projectId }, body: { zoneName: fresh('zone'), retentionDays: 7 } }) },
    'cloudDb.setZoneRetention': { build: async (s) => (await notes(s), { params: { zoneName: 'matrix' }, query: { projectId: s.a.projectId }, body: { retentionDays: 30 } }) },
    'cloudDb.deleteZone': {
      build: async (s) => {
        await notes(s);
        const zoneName = fresh('gone');
        await ok(await s.a.holder.call(cloudDbApi.createZone, { query: { projectId: s.a.projectId }, body: { zoneName } }), 'zone to delete');
        return { params: { zoneName }, query: { projectId: s.a.projectId } };
      },
    },
    'cloudDb.browse': { build: async (s) => (await notes(s), { params: where, query: { projectId: s.a.projectId }, body: { limit: 10 } }) },
    'cloudDb.write': { build: async (s) => (await notes(s), { params: where, query: { projectId: s.a.projectId }, body: { objects: [{ id: 4, text: s.marker }] } }) },
    'cloudDb.remove': { build: async (s) => (await notes(s), { params: where, query: { projectId: s.a.projectId }, body: { objects: [{ id: 5 }] } }) },
    'cloudDb.startImport': {
      build: async (s) => {
        await notes(s);
        const up = await ok<{ object: { objectId: string } }>(await s.a.holder.call(fileApi.uploadObject, { query: { fileName: 'notes.json', contentType: 'application/json', bizTag: 'file' }, raw: Buffer.from(JSON.stringify([{ id: 10, text: s.marker }])) }), 'import file');
        return { params: where, query: { projectId: s.a.projectId }, body: { objectId: up.object.objectId, format: 'json' } };
      },
    },
    'cloudDb.startExport': { build: async (s) => (await notes(s), { params: where, query: { projectId: s.a.projectId }, body: { format: 'csv' } }) },
    'cloudDb.transfers': { build: async (s) => (await notes(s), { query: { projectId: s.a.projectId } }) },
    'cloudDb.upsert': { build: async (s) => ({ headers: await notes(s), params: where, body: { objects: [{ id: 2, text: 'written' }] } }) },
    'cloudDb.delete': { build: async (s) => ({ headers: await notes(s), params: where, body: { objects: [{ id: 3 }] } }) },
    'cloudDb.query': { build: async (s) => ({ headers: await notes(s), params: where, body: { where: [{ field: 'id', op: 'equalTo', value: 1 }] } }) },
    'cloudDb.listen': { build: async (s) => ({ headers: await notes(s), params: where, body: { where: [{ field: 'id', op: 'equalTo', value: 1 }], timeoutSeconds: 1 } }) },
    'cloudDb.aggregate': { build: async (s) => ({ headers: await notes(s), params: where, body: { aggregate: 'count' } }) },
    'cloudDb.serverUpsert': { build: async (s) => (await notes(s), { headers: await apiClientHeaders(s.t, s.a.holder), params: server(s), body: { objects: [{ id: 7, text: 'from the backend' }] } }) },
    'cloudDb.serverDelete': { build: async (s) => (await notes(s), { headers: await apiClientHeaders(s.t, s.a.holder), params: server(s), body: { objects: [{ id: 8 }] } }) },
    'cloudDb.serverQuery': { build: async (s) => (await notes(s), { headers: await apiClientHeaders(s.t, s.a.holder), params: server(s), body: { where: [{ field: 'id', op: 'equalTo', value: 1 }] } }) },
    'cloudDb.serverAggregate': { build: async (s) => (await notes(s), { headers: await apiClientHeaders(s.t, s.a.holder), params: server(s), body: { aggregate: 'count' } }) },
    'cloudDb.serverCommit': {
      build: async (s) => (
        await notes(s), { headers: await apiClientHeaders(s.t, s.a.holder), params: { projectId: s.a.projectId, zoneName: 'matrix' }, body: { writes: [{ op: 'upsert', objectTypeName: 'Note', objects: [{ id: 9, text: 'committed' }] }] } }
      ),
    },
    'cloudDb.commit': {
      build: async (s) => ({
        headers: await notes(s),
        params: { zoneName: 'matrix' },
        body: { reads: [{ objectTypeName: 'Note', key: { id: 1 }, version: 1 }], writes: [{ op: 'upsert', objectTypeName: 'Note', objects: [{ id: 6, text: 'committed' }] }] },
      }),
    },
  };
}
