import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFunctionsApi as api, projectApi } from '@wharf/contract';
import { bubblewrapAvailable } from '@wharf/runner';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { cloudFunctionsOf } from '../services';

// Timer triggers fire on the test clock through the due actions (once across instances),
// and the runs they write are run by the trigger runner, retried, and kept as dead letters.

let t: TestApp;
let u: TestUser;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { FUNCTIONS_MAX_RUNNERS: '3', FUNCTIONS_SPARE_RUNNERS: '0' } });
  u = await TestUser.register(t);
  projectId = (await u.call(projectApi.createProject, { body: { name: 'Timers' } })).json().project.projectId;
});
afterAll(() => t.close());

const LOGS_EVENT = `module.exports.myHandler = async (event) => { console.log('fired ' + event.trigger_name + ' ' + JSON.stringify(event.user_event) + (event.missed ? ' missed' : '')); return 'ok'; };`;
const FAILING = `module.exports.myHandler = async () => { throw new Error('downstream refused'); };`;

async function fn(name: string, code: string) {
  const made = (await u.call(api.createFunction, { query: { projectId }, body: { name, code } })).json().function as { functionId: string };
  return { projectId, functionId: made.functionId };
}
const timer = (cron: string, extra: Record<string, unknown> = {}) => ({ name: `every ${cron}`, timer: { cron, timeZone: 'UTC', payload: { shop: 'north' }, ...extra } });
/** Fires what is due on the test clock, then runs what firing wrote. */
async function tick(app: TestApp = t) {
  const fired = await app.deps.dueActions.runDue();
  const ran = await cloudFunctionsOf(app.deps).runner.drain();
  return { fired, ran };
}
async function lines(q: { projectId: string; functionId: string }) {
  return ((await u.call(api.searchLogs, { query: q })).json().items as Array<{ message: string }>).map((l) => l.message);
}

describe.skipIf(!bubblewrapAvailable())('timer triggers', () => {
  it('fire at the cron time in their zone, run the function with the timer event, and plan the next firing', async () => {
    const q = await fn('nightly', LOGS_EVENT);
    const made = await u.call(api.createTrigger, { query: q, body: timer('*/5 * * * *') });
    expect(made.statusCode, made.body).toBe(200);
    const trigger = made.json().trigger;
    const next = new Date(trigger.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(next.getUTCMinutes() % 5).toBe(0);
    expect(await tick()).toEqual({ fired: 0, ran: 0 });
    t.clock.set(next);
    expect(await tick()).toEqual({ fired: 1, ran: 1 });
    expect(await tick()).toEqual({ fired: 0, ran: 0 });
    await u.login();
    expect(await lines(q)).toEqual(['fired every */5 * * * * {"shop":"north"}']);
    const calls = (await u.call(api.listInvocations, { query: q })).json().items;
    expect(calls).toMatchObject([{ trigger: 'timer', outcome: 'ok', version: '$latest' }]);
    const listed = (await u.call(api.listTriggers, { query: q })).json().triggers;
    expect(new Date(listed[0].nextRunAt).getTime()).toBe(next.getTime() + 5 * 60_000);
    expect(listed[0].lastRunAt).toBe(next.toISOString());
    // Off: no firing is pending; on again: planned from now.
    await u.call(api.updateTrigger, { query: { ...q, triggerId: trigger.triggerId }, body: { ...timer('*/5 * * * *'), enabled: false } });
    t.clock.advance(10 * 60_000);
    expect((await tick()).fired).toBe(0);
    const again = (await u.call(api.updateTrigger, { query: { ...q, triggerId: trigger.triggerId }, body: timer('0 9 * * *', { timeZone: 'Asia/Shanghai' }) })).json().trigger;
    expect(new Date(again.nextRunAt).getUTCHours()).toBe(1);
    expect((await u.call(api.deleteTrigger, { query: { ...q, triggerId: trigger.triggerId } })).statusCode).toBe(200);
    t.clock.advance(86_400_000);
    await u.login();
    expect((await tick()).fired).toBe(0);
  });

  it('after downtime skip what was missed, or run once for all of it, as each trigger says', async () => {
    const q = await fn('catchup', LOGS_EVENT);
    await u.call(api.createTrigger, { query: q, body: { ...timer('* * * * *'), name: 'skipper' } });
    await u.call(api.createTrigger, { query: q, body: { ...timer('* * * * *', { missed: 'runOnce' }), name: 'catcher' } });
    // An hour with no instance running: sixty firings of each were missed.
    t.clock.advance(3_600_000);
    await u.login();
    expect(await tick()).toEqual({ fired: 2, ran: 1 });
    expect(await lines(q)).toEqual(['fired catcher {"shop":"north"} missed']);
    const listed = (await u.call(api.listTriggers, { query: q })).json().triggers as Array<{ nextRunAt: string }>;
    for (const tr of listed) expect(new Date(tr.nextRunAt).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(60_000);
    for (const tr of (await u.call(api.listTriggers, { query: q })).json().triggers) await u.call(api.deleteTrigger, { query: { ...q, triggerId: tr.triggerId } });
  });

  it('retry a failing run with backoff, keep it as a dead letter after the last attempt, and replay it', async () => {
    const q = await fn('flaky', FAILING);
    const trigger = (await u.call(api.createTrigger, { query: q, body: timer('0 * * * *') })).json().trigger;
    t.clock.set(new Date(trigger.nextRunAt));
    expect(await tick()).toEqual({ fired: 1, ran: 1 });
    expect(await tick()).toEqual({ fired: 0, ran: 0 });
    t.clock.advance(1000);
    expect((await tick()).ran).toBe(1);
    t.clock.advance(2000);
    expect((await tick()).ran).toBe(1);
    t.clock.advance(60_000);
    expect((await tick()).ran).toBe(0);
    await u.login();
    const dead = (await u.call(api.listTriggerRuns, { query: { ...q, state: 'dead' } })).json().items;
    expect(dead).toMatchObject([{ triggerName: 'every 0 * * * *', state: 'dead', attempts: 3, lastError: 'downstream refused' }]);
    expect((await u.call(api.listInvocations, { query: q })).json().items.map((c: { outcome: string }) => c.outcome)).toEqual(['error', 'error', 'error']);
    // Fixed, then replayed from the console: it runs and is done.
    await u.call(api.updateFunction, { query: q, body: { code: LOGS_EVENT } });
    const replayed = await u.call(api.replayTriggerRun, { query: { ...q, runId: dead[0].runId } });
    expect(replayed.json().run).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await tick()).ran).toBe(1);
    expect((await u.call(api.listTriggerRuns, { query: { ...q, state: 'dead' } })).json().items).toEqual([]);
    expect((await u.call(api.replayTriggerRun, { query: { ...q, runId: dead[0].runId } })).statusCode).toBe(409);
    await u.call(api.deleteTrigger, { query: { ...q, triggerId: trigger.triggerId } });
  });

  it('refuse a bad expression, zone, qualifier or count, saying why in the caller’s language', async () => {
    const q = await fn('strict', LOGS_EVENT);
    const seconds = await u.call(api.createTrigger, { query: q, body: timer('0 0 9 * * *'), headers: { 'accept-language': 'ru-RU' } });
    expect(seconds.statusCode).toBe(400);
    expect(seconds.json().ret.msg).toMatch(/cron/);
    expect(seconds.json().ret.msg).toMatch(/[А-я]/);
    expect((await u.call(api.createTrigger, { query: q, body: timer('* * * * *', { timeZone: 'Mars/Olympus' }) })).statusCode).toBe(400);
    expect((await u.call(api.createTrigger, { query: q, body: timer('* * * * *', { payload: { big: 'x'.repeat(5000) } }) })).statusCode).toBe(400);
    const noAlias = await u.call(api.createTrigger, { query: q, body: { ...timer('* * * * *'), qualifier: 'prod' } });
    expect(noAlias.statusCode).toBe(404);
    for (let i = 0; i < 10; i++) expect((await u.call(api.createTrigger, { query: q, body: { ...timer('0 0 * * *'), name: `t${i}` } })).statusCode).toBe(200);
    expect((await u.call(api.createTrigger, { query: q, body: timer('0 0 * * *') })).statusCode).toBe(409);
    const stranger = await TestUser.register(t);
    expect((await stranger.call(api.listTriggers, { query: q })).statusCode).toBe(404);
    // Deleting the function takes its triggers and their firings with it.
    await u.call(api.deleteFunction, { query: q });
    t.clock.advance(2 * 86_400_000);
    await u.login();
    expect((await tick()).ran).toBe(0);
  });

  it('fire once with two instances on one database', async () => {
    const q = await fn('once', LOGS_EVENT);
    const trigger = (await u.call(api.createTrigger, { query: q, body: timer('30 * * * *') })).json().trigger;
    const beside = await createTestApp({ database: t.deps.database, clock: t.clock });
    try {
      t.clock.set(new Date(trigger.nextRunAt));
      const [a, b] = await Promise.all([tick(t), tick(beside)]);
      await Promise.all([tick(t), tick(beside)]);
      expect(a.fired + b.fired).toBe(1);
      expect(a.ran + b.ran).toBe(1);
      await cloudFunctionsOf(beside.deps).journal.flush(beside.deps.db);
      await u.login();
      expect(await lines(q)).toHaveLength(1);
    } finally {
      await beside.app.close();
    }
  });
});
