import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFunctionsApi as api, HEADERS, projectApi, type FunctionInstance } from '@wharf/contract';
import { bubblewrapAvailable } from '@wharf/runner';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { cloudFunctionsOf } from '../services';

// Preload policies keep runners warm during their hours (the first call is warm), and the
// instances view shows each runner with its version, state, memory and whether it is held.

let t: TestApp;
let u: TestUser;
let projectId: string;
beforeAll(async () => {
  // Monday 2026-03-09, 08:00 UTC.
  t = await createTestApp({ env: { FUNCTIONS_SPARE_RUNNERS: '0', FUNCTIONS_IDLE_SECONDS: '1' } });
  t.clock.set(new Date('2026-03-09T08:00:00Z'));
  u = await TestUser.register(t);
  projectId = (await u.call(projectApi.createProject, { body: { name: 'Warm' } })).json().project.projectId as string;
});
afterAll(() => t.close());

const WORKDAYS = { days: [1, 2, 3, 4, 5], startHour: 9, endHour: 18, timeZone: 'Europe/Berlin' };

describe('preload policies', () => {
  it('are kept per function, refused when their hours are backwards, in the caller language', async () => {
    const fn = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'listed' } })).json().function;
    const q = { projectId, functionId: fn.functionId as string };
    const made = await u.call(api.createPreloadPolicy, { query: q, body: { instances: 2, ...WORKDAYS } });
    expect(made.statusCode, made.body).toBe(200);
    // 08:00 UTC is 09:00 in Berlin: inside the window.
    expect(made.json().policy).toMatchObject({ qualifier: '$latest', instances: 2, enabled: true, active: true });
    const backwards = await u.call(api.createPreloadPolicy, { query: q, body: { instances: 1, ...WORKDAYS, startHour: 18, endHour: 9 }, headers: { [HEADERS.language]: 'ru' } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().ret.msg).toMatch(/[А-я]/);
    const policyId = made.json().policy.policyId as string;
    const off = await u.call(api.updatePreloadPolicy, { query: { ...q, policyId }, body: { instances: 2, ...WORKDAYS, enabled: false } });
    expect(off.json().policy).toMatchObject({ enabled: false, active: false });
    expect((await u.call(api.listPreloadPolicies, { query: q })).json().policies).toHaveLength(1);
    expect((await u.call(api.deletePreloadPolicy, { query: { ...q, policyId } })).statusCode).toBe(200);
    expect((await u.call(api.listPreloadPolicies, { query: q })).json().policies).toEqual([]);
  });

  it.skipIf(!bubblewrapAvailable())('hold runners warm in their window, shown in the instances view, and let them go after it', async () => {
    const fn = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'warm', code: 'module.exports.myHandler = async () => 1;' } })).json().function;
    const q = { projectId, functionId: fn.functionId as string };
    await u.call(api.publishVersion, { query: q, body: {} });
    await u.call(api.createAlias, { query: q, body: { name: 'prod', version: 1 } });
    await u.call(api.createPreloadPolicy, { query: q, body: { qualifier: 'prod', instances: 2, ...WORKDAYS } });
    const preload = cloudFunctionsOf(t.deps).preload;
    await preload.apply();
    const instances = async () => (await u.call(api.listInstances, { query: q })).json().instances as FunctionInstance[];
    const held = await instances();
    expect(held).toHaveLength(2);
    expect(held.every((i) => i.version === '1' && i.held && i.state === 'idle' && i.server === preload.instance)).toBe(true);
    // The first call through the alias is warm.
    expect((await u.call(api.testFunction, { query: q, body: { qualifier: 'prod' } })).json().invocation).toMatchObject({ coldStart: false, ran: '1' });
    expect((await instances()).some((i) => (i.memoryMb ?? 0) > 10)).toBe(true);

    // Past 18:00 in Berlin the policy lets go; idle runners then end.
    t.clock.set(new Date('2026-03-09T17:00:00Z'));
    await u.login();
    await preload.apply();
    expect((await instances()).every((i) => !i.held)).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    (cloudFunctionsOf(t.deps).runtime.host as unknown as { evictIdle(): void }).evictIdle();
    expect(await instances()).toEqual([]);
  }, 60_000);
});
