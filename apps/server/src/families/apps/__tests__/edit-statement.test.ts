import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi } from '@wharf/contract';
import { auditRowsJson } from '../../../platform/audit';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { newApp } from '../../../harness/scenarios';
import { appsOf } from '../public';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const audited = async (targetId: string) =>
  (await t.deps.database.executeSql(`select action, data from audit_events where target_id = $1 and action = 'app.update'`, [targetId])).rows as Array<{ action: string; data: { fields: string[] } }>;

describe('an app’s edit and its audit event in one statement', () => {
  it('change the app and record it together, the names merged into the row’s own', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u, { defaultLanguage: 'enUS' });
    const res = await u.call(appApi.updateApp, { body: { appId, supportEmail: 'help@example.com', names: { ruRU: 'Чаевые' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().app).toMatchObject({ supportEmail: 'help@example.com', names: { ruRU: 'Чаевые' } });
    expect(Object.keys(res.json().app.names as object)).toContain('enUS');
    expect(await audited(appId)).toEqual([{ action: 'app.update', data: { fields: ['names', 'supportEmail'] } }]);
  });

  it('record nothing when there was no app to change', async () => {
    const missing = randomUUID();
    const event = { action: 'app.update' as const, targetType: 'app', targetId: missing, data: { fields: ['supportEmail'] } };
    const row = await appsOf(t.deps).editRow(missing, { supportEmail: 'x@example.com', updatedAt: t.clock.now() }, auditRowsJson(t.clock, [event]));
    expect(row).toBeUndefined();
    expect(await audited(missing)).toEqual([]);
  });

  it('leave the fields an edit does not give as they are, one prepared statement for every shape', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u, { defaultLanguage: 'enUS' });
    const edit = (body: Record<string, unknown>) => u.call(appApi.updateApp, { body: { appId, ...body } });
    expect((await edit({ supportEmail: 'one@example.com', supportPhone: '+7 900 000-00-00', developerWebsite: 'https://example.com' })).statusCode).toBe(200);
    const second = (await edit({ supportPhone: null })).json().app;
    expect(second).toMatchObject({ supportEmail: 'one@example.com', supportPhone: null, developerWebsite: 'https://example.com' });
    const third = (await edit({ names: { enUS: 'Renamed' } })).json().app;
    expect(third).toMatchObject({ name: 'Renamed', supportEmail: 'one@example.com', developerWebsite: 'https://example.com' });
    expect((await audited(appId)).map((a) => a.data.fields)).toEqual([['developerWebsite', 'supportEmail', 'supportPhone'], ['supportPhone'], ['names']]);
  });

  it('refuse a listed app’s name in any case, changing and recording nothing', async () => {
    const u = await TestUser.register(t);
    const listed = await newApp(u, { defaultLanguage: 'enUS' });
    const { appId } = await newApp(u, { defaultLanguage: 'enUS' });
    const taken = `Listed ${randomUUID().slice(0, 8)}`;
    await t.deps.database.executeSql('update apps set listed = true, name = $2 where id = $1', [listed.appId, taken]);
    const res = await u.call(appApi.updateApp, { body: { appId, supportEmail: 'kept@example.com', names: { enUS: taken.toUpperCase() } } });
    expect(res.statusCode).toBe(409);
    expect(res.json().ret.msg).toMatch(/name/i);
    const after = (await u.call(appApi.getApp, { query: { appId } })).json().app;
    expect(after.supportEmail).not.toBe('kept@example.com');
    expect(await audited(appId)).toEqual([]);
  });
});
