import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, operatorApi, projectApi, teamApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { accountsFamily } from '../../accounts';
import { teamWithMember } from '../../../harness/scenarios';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WHARF_OPERATOR_EMAIL: 'ops@example.com', WHARF_OPERATOR_PASSWORD: 'operator password' } });
  await accountsFamily.onStart!(t.deps, () => undefined);
});
afterAll(() => t.close());

let n = 0;
async function project(u: TestUser) {
  return (await u.call(projectApi.createProject, { body: { name: `Proj ${(n += 1)}` } })).json().project.projectId as string;
}
async function app(u: TestUser, projectId: string, over: Record<string, unknown> = {}) {
  return (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `App ${(n += 1)}`, packageName: `com.wharf.more${process.pid}.a${n}`, category: 'app', defaultLanguage: 'enUS', ...over } })).json().app;
}

describe('moving an app to another team', () => {
  it('checks both sides, then moves the app', async () => {
    const u = await TestUser.register(t);
    const source = await project(u);
    const a = await app(u, source);
    const company = (await u.call(teamApi.createMainUser, { body: { name: 'Company' } })).json().team;
    const other = await TestUser.register(t);
    const strangerProject = await project(other);
    const body = (teamId: string, projectId: string) => ({ appId: a.appId, targetTeamId: teamId, targetProjectId: projectId });

    const noProject = (await u.call(appApi.moveAppCheck, { body: body(company.teamId, strangerProject) })).json();
    expect(noProject).toMatchObject({ movable: false, blockers: [{ code: 'targetProjectMissing' }] });
    const notThere = (await u.call(appApi.moveAppCheck, { body: body(other.teamId, strangerProject) })).json();
    expect(notThere.blockers.map((b: { code: string }) => b.code)).toContain('notAdminThere');
    const same = (await u.call(appApi.moveAppCheck, { body: body(u.teamId, source) })).json();
    expect(same.blockers.map((b: { code: string }) => b.code)).toContain('sameTeam');

    // A project in the company team, made there.
    const switched = await u.call(teamApi.switchTeam, { body: { teamId: company.teamId } });
    u.absorb(switched);
    const target = await project(u);
    const home = (await u.call(teamApi.teamList)).json().items.find((x: { userType: number }) => x.userType === 1).teamId;
    u.teamId = home;
    expect((await u.call(appApi.moveAppCheck, { body: body(company.teamId, target) })).json()).toEqual({ ret: { code: 0, msg: 'success' }, movable: true, blockers: [] });
    const refused = await u.call(appApi.moveApp, { body: body(company.teamId, strangerProject) });
    expect(refused.statusCode).toBe(409);
    const moved = await u.call(appApi.moveApp, { body: body(company.teamId, target) });
    expect(moved.json().app.projectId).toBe(target);
    expect((await u.call(appApi.getApp, { query: { appId: a.appId } })).statusCode).toBe(404);
    u.teamId = company.teamId;
    expect((await u.call(appApi.getApp, { query: { appId: a.appId } })).statusCode).toBe(200);
  });

  it('lets only the account holder move an app', async () => {
    const { holder, member } = await teamWithMember(t, ['administrator']);
    const a = await app(holder, await project(holder));
    const res = (await member.call(appApi.moveAppCheck, { body: { appId: a.appId, targetTeamId: holder.teamId, targetProjectId: holder.teamId } })).json();
    expect(res.blockers.map((b: { code: string }) => b.code)).toContain('notHolderHere');
  });
});

describe('related apps', () => {
  it('lists the same package on other platforms and the apps of the same project', async () => {
    const u = await TestUser.register(t);
    const p = await project(u);
    const pkg = `com.wharf.related${process.pid}`;
    const android = await app(u, p, { packageName: pkg });
    const harmony = await app(u, await project(u), { packageName: pkg, platform: 'harmony' });
    const sibling = await app(u, p);
    const res = (await u.call(appApi.relationList, { body: { appId: android.appId } })).json();
    expect(res.samePackage.map((x: { appId: string }) => x.appId)).toEqual([harmony.appId]);
    expect(res.sameProject.map((x: { appId: string }) => x.appId)).toEqual([sibling.appId]);
  });
});

describe('the platform app list', () => {
  it('shows reviewers every team’s apps with team names, and nobody else', async () => {
    const op = new TestUser(t, 'ops@example.com', 'operator password');
    await op.login();
    const dev = await TestUser.register(t, { displayName: 'Reviewed Team' });
    const a = await app(dev, await project(dev), { name: 'Findable Unique Name' });
    await op.call(operatorApi.grantOperatorRole, { body: { email: dev.email, role: 'reviewer' } });
    const found = (await dev.call(appApi.manageAppListQuery, { body: { search: 'findable unique' } })).json();
    expect(found.items).toEqual([expect.objectContaining({ appId: a.appId, teamName: 'Reviewed Team' })]);
    const outsider = await TestUser.register(t);
    expect((await outsider.call(appApi.manageAppListQuery, { body: {} })).statusCode).toBe(403);
  });
});
