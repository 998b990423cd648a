import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteConfigApi, RET_CODES, teamApi, type RemoteTemplate } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appOf, GREETING, publish } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (u: TestUser, appId: string) => (await u.call(remoteConfigApi.getRemoteConfig, { query: { appId } })).json();
const save = (u: TestUser, appId: string, template: unknown, revision: number, lang = 'en') =>
  u.call(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template, revision }, headers: { 'x-lang': lang } });

describe('the draft', () => {
  it('starts empty, saves with a revision, and refuses a save made on an older revision', async () => {
    const u = await TestUser.register(t);
    const { appId } = await appOf(u);
    const first = await get(u, appId);
    expect(first).toMatchObject({ draft: { template: { conditions: [], parameters: [] }, revision: 0, basedOn: 0, changed: false }, published: null, settings: { minimumFetchIntervalSeconds: 60 } });

    const saved = await save(u, appId, GREETING, 0);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draft).toMatchObject({ revision: 1, changed: true, template: GREETING, updatedBy: 'Dev' });

    const stale = await save(u, appId, { conditions: [], parameters: [] }, 0);
    expect([stale.statusCode, stale.json().ret.code]).toEqual([409, RET_CODES.conflict.code]);
    expect(stale.json().ret.msg).toContain('changed the draft');
    expect((await get(u, appId)).draft.template).toEqual(GREETING);
  });

  it.each<[string, RemoteTemplate, string, string]>([
    ['a number that is not one', { conditions: [], parameters: [{ key: 'limit', type: 'number', defaultValue: 'ten', conditionalValues: [] }] }, 'en', 'Parameter “limit”: the default value must be a number'],
    ['invalid JSON', { conditions: [], parameters: [{ key: 'theme', type: 'json', defaultValue: '{"dark": tru', conditionalValues: [] }] }, 'ru', 'Параметр «theme»: значение по умолчанию должно быть корректным JSON'],
    ['a value for a condition that does not exist', { conditions: [], parameters: [{ key: 'a', type: 'string', defaultValue: 'x', conditionalValues: [{ condition: 'Mars', value: 'y' }] }] }, 'en', 'uses the condition “Mars”, which does not exist'],
    ['two conditions of one name', { conditions: [GREETING.conditions[0]!, GREETING.conditions[0]!], parameters: [] }, 'zh', '有两个条件都叫“Russia”'],
    ['two parameters of one key', { conditions: [], parameters: [GREETING.parameters[1]!, GREETING.parameters[1]!] }, 'en', 'Two parameters are named “max_items”'],
    ['an empty percentile range', { conditions: [{ name: 'Half', rules: [{ field: 'percentile', seed: 's', from: 50, to: 50 }] }], parameters: [] }, 'en', 'percentile range'],
  ])('refuses %s with a message that names it', async (_what, template, lang, message) => {
    const u = await TestUser.register(t);
    const { appId } = await appOf(u);
    const res = await save(u, appId, template, 0, lang);
    expect([res.statusCode, res.json().ret.code]).toEqual([400, RET_CODES.invalidInput.code]);
    expect(res.json().ret.msg).toContain(message);
    expect((await get(u, appId)).draft.revision).toBe(0);
  });

  it('refuses an unknown condition field and a bad key as field errors, never a 500', async () => {
    const u = await TestUser.register(t);
    const { appId } = await appOf(u);
    const unknownField = await save(u, appId, { conditions: [{ name: 'X', rules: [{ field: 'moonPhase', op: 'in', values: ['full'] }] }], parameters: [] }, 0);
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().errors[0]).toMatchObject({ name: 'field', in: 'body' });
    const badKey = await save(u, appId, { conditions: [], parameters: [{ key: '1st key', type: 'string', defaultValue: 'x', conditionalValues: [] }] }, 0);
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().errors[0]).toMatchObject({ name: 'key', rule: 'format' });
  });
});

describe('publishing', () => {
  it('numbers versions, says who published, refuses publishing nothing new, and lists versions newest first', async () => {
    const u = await TestUser.register(t);
    const { appId } = await appOf(u);
    expect(await publish(u, appId, GREETING, 'First greeting')).toBe(1);
    const state = await get(u, appId);
    expect(state.draft).toMatchObject({ basedOn: 1, changed: false });
    expect(state.published).toMatchObject({ number: 1, publishedBy: 'Dev', origin: 'publish', description: 'First greeting', parameters: 2, conditions: 2 });

    const again = await u.call(remoteConfigApi.publishRemoteConfig, { query: { appId }, body: { revision: state.draft.revision }, headers: { 'x-lang': 'en' } });
    expect([again.statusCode, again.json().ret.msg]).toEqual([409, 'The draft is the same as the published version: nothing to publish']);

    const second = { ...GREETING, parameters: [{ ...GREETING.parameters[0]!, defaultValue: 'Hey' }] };
    expect(await publish(u, appId, second)).toBe(2);
    const list = (await u.call(remoteConfigApi.listRemoteVersions, { query: { appId, pageSize: 1, withTotal: 'true' } })).json();
    expect(list).toMatchObject({ total: 2, items: [{ number: 2, parameters: 1 }] });
    const next = (await u.call(remoteConfigApi.listRemoteVersions, { query: { appId, pageSize: 1, cursor: list.nextCursor } })).json();
    expect(next.items.map((v: { number: number }) => v.number)).toEqual([1]);
    expect(next.nextCursor).toBeNull();

    const detail = (await u.call(remoteConfigApi.getRemoteVersion, { params: { number: 2 }, query: { appId } })).json();
    expect(detail.template.parameters[0].defaultValue).toBe('Hey');
    expect(detail.previous).toEqual(GREETING);

    const audit = (await u.call(teamApi.auditEventList, { query: { pageSize: 20, action: 'remote-config.publish' } })).json().items as Array<{ action: string; data: { diff?: { parameters: { changed: string[]; removed: string[] } } } }>;
    const published = audit.find((e) => e.action === 'remote-config.publish');
    expect(published?.data.diff?.parameters).toMatchObject({ changed: ['greeting'], removed: ['max_items'] });
  });

  it('rolls back to an earlier version as a new version, and the draft follows', async () => {
    const u = await TestUser.register(t);
    const { appId } = await appOf(u);
    await publish(u, appId, GREETING);
    await publish(u, appId, { conditions: [], parameters: [] });
    const res = await u.call(remoteConfigApi.rollBackRemoteConfig, { params: { number: 1 }, query: { appId }, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toMatchObject({ number: 3, origin: 'rollback', rollbackOf: 1 });
    expect((await get(u, appId)).draft).toMatchObject({ template: GREETING, basedOn: 3, changed: false });

    const same = await u.call(remoteConfigApi.rollBackRemoteConfig, { params: { number: 3 }, query: { appId }, body: {}, headers: { 'x-lang': 'en' } });
    expect([same.statusCode, same.json().ret.msg]).toEqual([409, 'Version 3 is the published version already']);
    const gone = await u.call(remoteConfigApi.rollBackRemoteConfig, { params: { number: 9 }, query: { appId }, body: {} });
    expect(gone.statusCode).toBe(404);
  });

  it('keeps the latest 300 versions: the 301st prunes the oldest', async () => {
    const u = await TestUser.register(t);
    const { appId } = await appOf(u);
    for (let i = 1; i <= 301; i += 1) {
      await publish(u, appId, { conditions: [], parameters: [{ key: 'n', type: 'number', defaultValue: String(i), conditionalValues: [] }] });
    }
    const list = (await u.call(remoteConfigApi.listRemoteVersions, { query: { appId, pageSize: 1, withTotal: 'true' } })).json();
    expect(list).toMatchObject({ total: 300, items: [{ number: 301 }] });
    expect((await u.call(remoteConfigApi.getRemoteVersion, { params: { number: 1 }, query: { appId } })).statusCode).toBe(404);
    expect((await u.call(remoteConfigApi.getRemoteVersion, { params: { number: 2 }, query: { appId } })).json().previous).toBeNull();
  }, 120_000);

  it('discarding the draft brings back the published version', async () => {
    const u = await TestUser.register(t);
    const { appId } = await appOf(u);
    await publish(u, appId, GREETING);
    const { revision } = (await get(u, appId)).draft;
    await save(u, appId, { conditions: [], parameters: [] }, revision);
    const res = await u.call(remoteConfigApi.discardRemoteDraft, { query: { appId }, body: {} });
    expect(res.json().draft).toMatchObject({ template: GREETING, changed: false });
  });
});

describe('the preview', () => {
  it('says what a device would get from the draft or the published version, and which condition gave it', async () => {
    const u = await TestUser.register(t);
    const { appId } = await appOf(u);
    await publish(u, appId, GREETING);
    const { revision } = (await get(u, appId)).draft;
    await save(u, appId, { ...GREETING, parameters: [{ ...GREETING.parameters[0]!, defaultValue: 'Draft hello' }] }, revision);
    const preview = (source: 'draft' | 'published', attributes: object) =>
      u.call(remoteConfigApi.previewRemoteConfig, { query: { appId }, body: { source, deviceId: 'console-preview', attributes } });
    const russia = (await preview('published', { country: 'RU', appVersion: '2.1' })).json();
    expect(russia.holding).toEqual(['Russia', 'Version 2']);
    expect(russia.values).toEqual([
      { key: 'greeting', type: 'string', value: 'Привет', condition: 'Russia' },
      { key: 'max_items', type: 'number', value: '10', condition: null },
    ]);
    const draft = (await preview('draft', { country: 'DE' })).json();
    expect(draft.holding).toEqual([]);
    expect(draft.values[0]).toEqual({ key: 'greeting', type: 'string', value: 'Draft hello', condition: null });
  });
});
