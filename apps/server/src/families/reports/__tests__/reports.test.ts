import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { behaviourEvents, clueEvents } from '../tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pageView = { tagType: 'PageView', language: 'en', DID: 'device-1', pageId: 'home', at: '2026-01-15T08:00:00.000Z', teamID: 'team-x', greyFlag: true };

describe('behaviour reports', () => {
  it('stores a batch of events anonymously', async () => {
    const res = await t.app.inject({ method: 'POST', url: reportApi.reportBehaviour.fullPath, payload: { events: [pageView, { ...pageView, tagType: 'ExternalChannel-Jump', sourceChannel: 'mail' }] } });
    expect(res.json()).toMatchObject({ ret: { code: 0 }, accepted: 2 });
    const rows = await t.deps.db.select().from(behaviourEvents);
    expect(rows.map((r) => r.tagType).sort()).toEqual(['ExternalChannel-Jump', 'PageView']);
    expect(rows[0]).toMatchObject({ did: 'device-1', teamId: 'team-x', greyFlag: true, pageId: 'home' });
    expect(rows.find((r) => r.tagType === 'ExternalChannel-Jump')!.data).toMatchObject({ sourceChannel: 'mail', domain: 'AGC', serviceItem: 4 });
  });

  it('refuses an empty or oversized batch', async () => {
    expect((await t.app.inject({ method: 'POST', url: reportApi.reportBehaviour.fullPath, payload: { events: [] } })).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, () => pageView);
    expect((await t.app.inject({ method: 'POST', url: reportApi.reportBehaviour.fullPath, payload: { events: many } })).statusCode).toBe(400);
  });
});

describe('clue reports', () => {
  it('counts a service once per session', async () => {
    const u = await TestUser.register(t);
    const body = { dataType: 'agc_service_browsing', detail: { serviceId: 'cloud-functions', menuId: 'm1' } };
    expect((await u.call(reportApi.reportClueBehaviour, { body })).json().recorded).toBe(true);
    expect((await u.call(reportApi.reportClueBehaviour, { body })).json().recorded).toBe(false);
    await u.login();
    expect((await u.call(reportApi.reportClueBehaviour, { body })).json().recorded).toBe(true);
    const rows = await t.deps.db.select().from(clueEvents);
    expect(rows.filter((r) => r.teamId === u.teamId)).toHaveLength(2);
  });

  it('takes anonymous clues per device', async () => {
    const body = { dataType: 'agcp_demoproject_browsing', detail: { serviceId: 'demo' }, DID: 'visitor-9' };
    expect((await t.app.inject({ method: 'POST', url: reportApi.reportClueBehaviourAnonymous.fullPath, payload: body })).json().recorded).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: reportApi.reportClueBehaviourAnonymous.fullPath, payload: body })).json().recorded).toBe(false);
  });
});
