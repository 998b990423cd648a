import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFunctionsApi as api } from '@wharf/contract';
import { bubblewrapAvailable } from '@wharf/runner';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appUserOf, deviceOf, storageProject } from '../../storage/__tests__/helpers';
import { cloudFunctionsOf } from '../services';

// Event triggers: Cloud Storage and Auth Service events reach the functions that subscribe,
// through the event bus (exactly once a run per event) and the trigger runner (retries,
// dead letters, replay).

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { USER_CONTENT_PORT: '0', FUNCTIONS_MAX_RUNNERS: '3', FUNCTIONS_SPARE_RUNNERS: '0' } });
  u = await TestUser.register(t);
});
afterAll(() => t.close());

/** Delivers what the bus holds, then runs what the deliveries wrote. */
async function settle() {
  await t.deps.events.drain();
  return cloudFunctionsOf(t.deps).runner.drain();
}
async function lines(q: { projectId: string; functionId: string }) {
  return ((await u.call(api.searchLogs, { query: q })).json().items as Array<{ message: string }>).map((l) => l.message).reverse();
}

describe.skipIf(!bubblewrapAvailable())('event triggers', () => {
  it('run a function on each stored picture its filter takes, retrying until it succeeds', async () => {
    const p = await storageProject(u);
    // Module state lives as long as the warm runner: the third delivery succeeds.
    const code = `let seen = 0;
module.exports.myHandler = async (event) => {
  seen += 1;
  console.log('got ' + event.trigger_type + ' ' + event.event_type + ' ' + event.object.name.split('/').pop() + ' #' + seen);
  if (seen < 3) throw new Error('not ready yet');
  return 'ok';
};`;
    const fn = (await u.call(api.createFunction, { query: { projectId: p.projectId }, body: { name: 'thumbnails', code } })).json().function as { functionId: string };
    const q = { projectId: p.projectId, functionId: fn.functionId };
    const made = await u.call(api.createTrigger, { query: q, body: { name: 'new pictures', event: { source: 'storage', types: ['objectFinalized'], filter: { namePrefix: 'users/', nameSuffix: '.png' }, attempts: 5 } } });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().trigger).toMatchObject({ kind: 'event', timer: null, nextRunAt: null, event: { source: 'storage', types: ['objectFinalized'], filter: { namePrefix: 'users/', nameSuffix: '.png' }, attempts: 5 } });

    const ada = await appUserOf(t, p.key);
    const device = deviceOf(t, p.bucket, ada.headers);
    expect((await device.upload(`users/${ada.id}/cat.png`, randomBytes(100), 'image/png')).statusCode).toBe(200);
    expect((await device.upload(`users/${ada.id}/notes.txt`, randomBytes(100), 'text/plain')).statusCode).toBe(200);
    expect(await settle()).toBe(1);
    t.clock.advance(1000);
    expect(await settle()).toBe(1);
    t.clock.advance(2000);
    expect(await settle()).toBe(1);
    t.clock.advance(60_000);
    expect(await settle()).toBe(0);
    await u.login();
    expect(await lines(q)).toEqual(expect.arrayContaining(['got STORAGE objectFinalized cat.png #1', 'got STORAGE objectFinalized cat.png #2', 'got STORAGE objectFinalized cat.png #3']));
    expect((await lines(q)).filter((l) => l.startsWith('got'))).toHaveLength(3);
    expect((await u.call(api.listTriggerRuns, { query: q })).json().items).toMatchObject([{ triggerName: 'new pictures', state: 'done', attempts: 3 }]);
    const calls = (await u.call(api.listInvocations, { query: q })).json().items as Array<{ trigger: string; outcome: string }>;
    expect(calls.map((c) => `${c.trigger}:${c.outcome}`)).toEqual(['event:ok', 'event:error', 'event:error']);
  });

  it('keep a run that always fails as a dead letter, and replay it once the function is fixed', async () => {
    const p = await storageProject(u);
    const fn = (await u.call(api.createFunction, { query: { projectId: p.projectId }, body: { name: 'welcome', code: `module.exports.myHandler = async () => { throw new Error('mail server down'); };` } })).json().function as { functionId: string };
    const q = { projectId: p.projectId, functionId: fn.functionId };
    await u.call(api.createTrigger, { query: q, body: { name: 'new users', event: { source: 'auth', types: ['userCreated'], filter: { provider: 'anonymous' }, attempts: 2 } } });
    await u.call(api.createTrigger, { query: q, body: { name: 'email users only', event: { source: 'auth', types: ['userCreated'], filter: { provider: 'email' } } } });
    const bo = await appUserOf(t, p.key);
    expect(await settle()).toBe(1);
    t.clock.advance(1000);
    expect(await settle()).toBe(1);
    t.clock.advance(60_000);
    expect(await settle()).toBe(0);
    await u.login();
    const dead = (await u.call(api.listTriggerRuns, { query: { ...q, state: 'dead' } })).json().items;
    expect(dead).toMatchObject([{ triggerName: 'new users', attempts: 2, lastError: 'mail server down' }]);
    await u.call(api.updateFunction, { query: q, body: { code: `module.exports.myHandler = async (event) => { console.log('welcome ' + event.user.uid + ' via ' + event.user.provider); };` } });
    await u.call(api.replayTriggerRun, { query: { ...q, runId: dead[0].runId } });
    expect(await settle()).toBe(1);
    expect(await lines(q)).toContain(`welcome ${bo.id} via anonymous`);
    expect((await u.call(api.listTriggerRuns, { query: { ...q, state: 'dead' } })).json().items).toEqual([]);
  });

  it('refuse event types of another source, and a trigger that is both a timer and an event', async () => {
    const p = await storageProject(u);
    const fn = (await u.call(api.createFunction, { query: { projectId: p.projectId }, body: { name: 'picky' } })).json().function as { functionId: string };
    const q = { projectId: p.projectId, functionId: fn.functionId };
    const wrong = await u.call(api.createTrigger, { query: q, body: { name: 'x', event: { source: 'storage', types: ['userCreated'] } }, headers: { 'accept-language': 'zh-CN' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().ret.msg).toMatch(/事件/);
    const both = await u.call(api.createTrigger, { query: q, body: { name: 'x', timer: { cron: '* * * * *' }, event: { source: 'auth', types: ['userCreated'] } } });
    expect(both.statusCode).toBe(400);
    expect((await u.call(api.createTrigger, { query: q, body: { name: 'x' } })).statusCode).toBe(400);
  });
});
