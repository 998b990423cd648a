import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi } from '@wharf/contract';
import { auditWith } from '../../../platform/audit';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { newApp } from '../../../harness/scenarios';
import { appsRepo } from '../repo';

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
    const row = await appsRepo.updateMergingNames(t.deps.db, missing, undefined, { supportEmail: 'x@example.com' }, (changed) => auditWith(t.deps.db, t.clock, event, changed));
    expect(row).toBeUndefined();
    expect(await audited(missing)).toEqual([]);
  });
});
