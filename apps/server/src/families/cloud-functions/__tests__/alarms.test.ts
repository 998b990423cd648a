import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFunctionsApi as api, projectApi } from '@wharf/contract';
import { bubblewrapAvailable } from '@wharf/runner';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { alarmValue } from '../alarms';
import { cloudFunctionsOf } from '../services';

// Alarms judge a function's calls over a window each minute and mail the member who made
// them when they fire and when they clear: one mail per change, in their site's language.

let t: TestApp;
let u: TestUser;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { FUNCTIONS_MAX_RUNNERS: '2', FUNCTIONS_SPARE_RUNNERS: '0' } });
  u = await TestUser.register(t);
  projectId = (await u.call(projectApi.createProject, { body: { name: 'Alarms' } })).json().project.projectId;
});
afterAll(() => t.close());

const mails = async (kind: string) => (await t.deps.database.executeSql(`select subject, text from mail_outbox where "to" = $1 and kind = $2 order by created_at`, [u.email, kind])).rows as Array<{ subject: string; text: string }>;
async function evaluate() {
  await cloudFunctionsOf(t.deps).journal.flush(t.deps.db);
  return cloudFunctionsOf(t.deps).alarms.evaluate();
}

describe('alarm values', () => {
  it('are a share in percent, a count or a duration, and nothing without calls', () => {
    expect(alarmValue('errorRate', { calls: 3, errors: 1, throttles: 0, p95: 5 })).toBe(33.3);
    expect(alarmValue('errorRate', { calls: 0, errors: 0, throttles: 0, p95: null })).toBeNull();
    expect(alarmValue('p95', { calls: 2, errors: 0, throttles: 0, p95: 12.34 })).toBe(12.3);
    expect(alarmValue('throttles', { calls: 2, errors: 0, throttles: 2, p95: null })).toBe(2);
  });
});

describe.skipIf(!bubblewrapAvailable())('function alarms', () => {
  it('fire when the error rate passes the threshold, mail once, and clear when the window is clean', async () => {
    const code = `module.exports.myHandler = async (event) => { if (event.fail) throw new Error('card declined'); return 'ok'; };`;
    const fn = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'payments', code } })).json().function as { functionId: string };
    const q = { projectId, functionId: fn.functionId };
    const made = await u.call(api.createAlarm, { query: q, body: { name: 'failing payments', metric: 'errorRate', threshold: 50, windowMinutes: 5 } });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().alarm).toMatchObject({ state: 'ok', ownerEmail: u.email, enabled: true });

    await u.call(api.testFunction, { query: q, body: { event: { fail: true } } });
    await u.call(api.testFunction, { query: q, body: { event: { fail: true } } });
    await u.call(api.testFunction, { query: q, body: { event: {} } });
    expect(await evaluate()).toBe(1);
    const firing = (await u.call(api.listAlarms, { query: q })).json().alarms[0];
    expect(firing).toMatchObject({ state: 'alarm', lastValue: 66.7 });
    expect(await mails('function-alarm')).toEqual([expect.objectContaining({ subject: expect.stringContaining('failing payments') })]);
    expect((await mails('function-alarm'))[0]!.text).toContain(`#/projects/${projectId}/cloud-functions/${fn.functionId}?tab=metrics`);

    // Evaluated again within the minute: nothing; a minute later, still failing: no second mail.
    expect(await evaluate()).toBe(0);
    t.clock.advance(61_000);
    expect(await evaluate()).toBe(0);
    expect(await mails('function-alarm')).toHaveLength(1);

    // The window moves past the failures: cleared, one mail saying so.
    t.clock.advance(5 * 60_000);
    await u.login();
    await u.call(api.testFunction, { query: q, body: { event: {} } });
    expect(await evaluate()).toBe(1);
    expect((await u.call(api.listAlarms, { query: q })).json().alarms[0]).toMatchObject({ state: 'ok', lastValue: 0 });
    expect(await mails('function-alarm-cleared')).toHaveLength(1);

    // Off: not judged.
    const alarmId = firing.alarmId as string;
    await u.call(api.updateAlarm, { query: { ...q, alarmId }, body: { name: 'failing payments', metric: 'errorRate', threshold: 50, windowMinutes: 5, enabled: false } });
    await u.call(api.testFunction, { query: q, body: { event: { fail: true } } });
    t.clock.advance(61_000);
    expect(await evaluate()).toBe(0);
    expect((await u.call(api.deleteAlarm, { query: { ...q, alarmId } })).statusCode).toBe(200);
    expect((await u.call(api.listAlarms, { query: q })).json().alarms).toEqual([]);
  });

  it('refuse a window or metric it does not know, and other teams', async () => {
    const fn = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'strict-alarms' } })).json().function as { functionId: string };
    const q = { projectId, functionId: fn.functionId };
    expect((await u.call(api.createAlarm, { query: q, body: { name: 'x', metric: 'errorRate', threshold: 5, windowMinutes: 7 } })).statusCode).toBe(400);
    expect((await u.call(api.createAlarm, { query: q, body: { name: 'x', metric: 'memory', threshold: 5, windowMinutes: 5 } })).statusCode).toBe(400);
    const stranger = await TestUser.register(t);
    expect((await stranger.call(api.listAlarms, { query: q })).statusCode).toBe(404);
  });
});
