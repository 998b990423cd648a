import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, authApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { demoFamily } from '..';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo project', () => {
  it('is unavailable before it is seeded', async () => {
    const res = (await t.app.inject({ url: appApi.demoProject.fullPath })).json();
    expect(res).toMatchObject({ available: false, project: null, apps: [] });
  });

  it('is seeded once on start and served to visitors without an account', async () => {
    const printed: string[] = [];
    await demoFamily.onStart!(t.deps, (s) => printed.push(s));
    await demoFamily.onStart!(t.deps, (s) => printed.push(s));
    expect(printed).toHaveLength(1);
    const res = (await t.app.inject({ url: appApi.demoProject.fullPath })).json();
    expect(res.available).toBe(true);
    expect(res.project).toMatchObject({ name: 'Demo project', dataLocation: 'china' });
    expect(res.apps.map((a: { packageName: string; platform: string }) => `${a.platform}:${a.packageName}`).sort()).toEqual(['android:com.dhruv.tipsy', 'harmony:com.samples.arktscalc']);
  });

  it('cannot be signed into', async () => {
    const res = await t.app.inject({ method: 'POST', url: authApi.login.fullPath, payload: { email: 'demo@wharf.local', password: 'demo' } });
    expect(res.json().ret.code).toBe(100406);
  });

  it('is not seeded when switched off', async () => {
    const other = await createTestApp({ env: { DEMO_SEED: 'off' } });
    await demoFamily.onStart!(other.deps, () => undefined);
    expect((await other.app.inject({ url: appApi.demoProject.fullPath })).json().available).toBe(false);
    const u = await TestUser.register(other);
    expect(u.teamId).toBeTruthy();
    await other.close();
  });
});
