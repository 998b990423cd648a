import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFunctionsApi as api, HEADERS, projectApi } from '@wharf/contract';
import { FUNCTION_TEMPLATE } from '@wharf/rules';
import { createTestApp, TestUser, type TestApp } from '../../../harness';

let t: TestApp;
let u: TestUser;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
  projectId = (await u.call(projectApi.createProject, { body: { name: 'Functions' } })).json().project.projectId;
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, who = u, pid = projectId) => who.call(api.createFunction, { query: { projectId: pid }, body });
const list = (who = u, pid = projectId) => who.call(api.listFunctions, { query: { projectId: pid, withTotal: 'true' } });
const audits = async (action: string) => (await t.deps.database.executeSql(`select target_id, data from audit_events where action = $1`, [action])).rows as { target_id: string; data: Record<string, unknown> }[];

describe('cloud functions', () => {
  it('start from the handler template, are listed newest first, and are deleted, each change with an audit event', async () => {
    const first = (await create({ name: 'first' })).json().function;
    expect(first).toMatchObject({ name: 'first', runtime: 'nodejs20', handler: 'myHandler', memoryMb: 256, timeoutSeconds: 5, concurrency: 1, latestVersion: null, env: [] });
    expect(first.triggerUrl).toMatch(new RegExp(`/functions/${projectId}/first/$`));
    expect((await u.call(api.getFunction, { query: { projectId, functionId: first.functionId } })).json().code).toBe(FUNCTION_TEMPLATE);
    t.clock.advance(1000);
    await create({ name: 'second', memoryMb: 512, timeoutSeconds: 30, concurrency: 4, code: 'module.exports.main = async () => 1;', handler: 'main' });
    expect((await list()).json()).toMatchObject({ total: 2, items: [{ name: 'second', memoryMb: 512, handler: 'main' }, { name: 'first' }], nextCursor: null });
    expect(await audits('cloud-functions.create')).toHaveLength(2);
    expect((await u.call(api.deleteFunction, { query: { projectId, functionId: first.functionId } })).statusCode).toBe(200);
    expect((await list()).json().items.map((i: { name: string }) => i.name)).toEqual(['second']);
    expect((await audits('cloud-functions.delete')).map((a) => a.target_id)).toEqual([first.functionId]);
  });

  it('keep environment variables sealed: shown by name and hint only, kept when sent without a value, never in the audit log', async () => {
    const secret = 'sk_live_0123456789abcdef';
    const fn = (await create({ name: 'with-env', env: [{ name: 'API_KEY', value: secret }, { name: 'MODE', value: 'prod' }] })).json().function;
    expect(fn.env).toEqual([{ name: 'API_KEY', hint: '…cdef' }, { name: 'MODE', hint: '' }]);
    const changed = await u.call(api.updateFunction, { query: { projectId, functionId: fn.functionId }, body: { env: [{ name: 'API_KEY' }, { name: 'LEVEL', value: '3' }] } });
    expect(changed.json().function.env).toEqual([{ name: 'API_KEY', hint: '…cdef' }, { name: 'LEVEL', hint: '' }]);
    const missing = await u.call(api.updateFunction, { query: { projectId, functionId: fn.functionId }, body: { env: [{ name: 'NEW_ONE' }] } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().ret.msg).toContain('NEW_ONE');
    const dump = JSON.stringify((await t.deps.database.executeSql('select * from audit_events')).rows) + JSON.stringify((await t.deps.database.executeSql('select * from cloud_functions')).rows);
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain('0123456789');
  });

  it('publish numbered versions that never change, and aliases that split calls between two of them', async () => {
    const fn = (await create({ name: 'versioned', code: 'module.exports.myHandler = async () => 1;' })).json().function;
    const q = { projectId, functionId: fn.functionId };
    expect((await u.call(api.publishVersion, { query: q, body: { description: 'first' } })).json().version).toMatchObject({ version: 1, description: 'first', aliases: [] });
    await u.call(api.updateFunction, { query: q, body: { code: 'module.exports.myHandler = async () => 2;', memoryMb: 128 } });
    expect((await u.call(api.publishVersion, { query: q, body: {} })).json().version).toMatchObject({ version: 2, memoryMb: 128 });
    const alias = await u.call(api.createAlias, { query: q, body: { name: 'prod', version: 1, additionalVersion: 2, additionalWeight: 10 } });
    expect(alias.json().alias).toMatchObject({ name: 'prod', version: 1, additionalVersion: 2, additionalWeight: 10 });
    expect(alias.json().alias.url).toMatch(new RegExp(`/functions/${projectId}/versioned/prod$`));
    const versions = (await u.call(api.listVersions, { query: q })).json().versions;
    expect(versions).toMatchObject([{ version: 2, memoryMb: 128, aliases: ['prod'] }, { version: 1, memoryMb: 256, aliases: ['prod'] }]);
    expect(versions[0].codeSha256).not.toBe(versions[1].codeSha256);

    const inUse = await u.call(api.deleteVersion, { query: { ...q, version: '1' }, headers: { [HEADERS.language]: 'zh' } });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().ret.msg).toContain('prod');
    expect((await u.call(api.updateAlias, { query: { ...q, alias: 'prod' }, body: { version: 2 } })).json().alias).toMatchObject({ version: 2, additionalVersion: null, additionalWeight: 0 });
    expect((await u.call(api.deleteVersion, { query: { ...q, version: '1' } })).statusCode).toBe(200);
    expect((await u.call(api.listVersions, { query: q })).json().versions.map((v: { version: number }) => v.version)).toEqual([2]);
    expect((await u.call(api.createAlias, { query: q, body: { name: 'prod', version: 2 } })).statusCode).toBe(409);
    expect((await u.call(api.createAlias, { query: q, body: { name: 'gone', version: 1 } })).statusCode).toBe(400);
    expect((await u.call(api.deleteAlias, { query: { ...q, alias: 'prod' } })).statusCode).toBe(200);
    expect((await u.call(api.listAliases, { query: q })).json().aliases).toEqual([]);
    for (const action of ['publish', 'createAlias', 'updateAlias', 'deleteVersion', 'deleteAlias']) expect(await audits(`cloud-functions.${action}`)).not.toHaveLength(0);
    // The next version keeps counting after a deleted one.
    expect((await u.call(api.publishVersion, { query: q, body: {} })).json().version.version).toBe(3);
  });

  it('refuse a duplicate name in the caller language and bad input with 400 naming the field, never 500', async () => {
    expect((await create({ name: 'twin' })).statusCode).toBe(200);
    const again = await u.call(api.createFunction, { query: { projectId }, body: { name: 'twin' }, headers: { [HEADERS.language]: 'zh' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().ret.msg).toContain('twin');
    const bad: Record<string, unknown>[] = [
      { name: '' }, { name: 'Upper' }, { name: 'a\u0000b' }, { name: 'x'.repeat(65) }, { name: 'ok', memoryMb: 100 }, { name: 'ok', timeoutSeconds: 61 },
      { name: 'ok', concurrency: 0 }, { name: 'ok', handler: 'not valid' }, { name: 'ok', env: [{ name: '1BAD', value: 'x' }] },
      { name: 'ok', env: [{ name: 'A', value: '1' }, { name: 'A', value: '2' }] }, { name: 'ok', code: '' },
    ];
    for (const body of bad) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
    const fn = (await create({ name: 'aliased' })).json().function;
    const same = await u.call(api.createAlias, { query: { projectId, functionId: fn.functionId }, body: { name: 'a', version: 1, additionalVersion: 1, additionalWeight: 5 } });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors, JSON.stringify(same.json())).toContainEqual(expect.objectContaining({ reason: 'aliasSameVersion' }));
  });

  it("are out of reach of another team", async () => {
    const other = await TestUser.register(t);
    for (const res of [await create({ name: 'theirs' }, other), await list(other)]) expect([403, 404]).toContain(res.statusCode);
    const mine = (await create({ name: 'mine' })).json().function;
    const del = await other.call(api.deleteFunction, { query: { projectId, functionId: mine.functionId } });
    expect([403, 404]).toContain(del.statusCode);
    expect((await list()).json().items.some((i: { functionId: string }) => i.functionId === mine.functionId)).toBe(true);
  });
});
