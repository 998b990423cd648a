import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientsApi, appApi, projectApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { CiClient } from './ci-client';

// A CI job that finds its app by project: the projects an API client reaches, and their apps.
let t: TestApp;
let u: TestUser;
const projects: Array<{ projectId: string; apps: Array<{ appId: string; packageName: string }> }> = [];

beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
  for (const n of [1, 2, 3]) {
    t.clock.advance(1000);
    const projectId = (await u.call(projectApi.createProject, { body: { name: `Connect ${n}` } })).json().project.projectId as string;
    const apps = [];
    for (const m of [1, 2]) {
      apps.push((await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `App ${n}.${m}`, packageName: `com.wharf.connect.p${n}a${m}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string; packageName: string });
    }
    projects.push({ projectId, apps });
  }
}, 60_000);
afterAll(() => t.close());

const ids = (body: { projects: Array<{ projectId: string }> }) => body.projects.map((p) => p.projectId);

describe('the Connect API project list', () => {
  it("lists a team client's projects newest first a page at a time, and one project with its apps", async () => {
    const ci = await CiClient.of(t, u, 'reports');
    const first = (await ci.call('GET', '/api/project-service/v1/projects', { pageSize: 2 })).json();
    expect(first.ret).toEqual({ code: 0, msg: 'success' });
    expect(first.total).toBe(3);
    expect(ids(first)).toEqual([projects[2]!.projectId, projects[1]!.projectId]);
    expect(first.projects[0]).toEqual({ projectId: projects[2]!.projectId, projectName: 'Connect 3', dataLocation: expect.any(String), createTime: expect.any(String), updateTime: expect.any(String) });
    expect(ids((await ci.call('GET', '/api/project-service/v1/projects', { pageSize: 2, pageNum: 2 })).json())).toEqual([projects[0]!.projectId]);

    const bare = (await ci.call('GET', `/api/project-service/v1/projects/${projects[0]!.projectId}`)).json();
    expect(bare.project).toMatchObject({ projectName: 'Connect 1' });
    expect(bare.project.apps).toBeUndefined();
    const full = (await ci.call('GET', `/api/project-service/v1/projects/${projects[0]!.projectId}`, { queryFlag: 1 })).json();
    expect(full.project.apps).toEqual(projects[0]!.apps.map((a, i) => ({ appId: a.appId, appName: `App 1.${i + 1}`, packageName: a.packageName })));
  });

  it('shows a project-level client its project only, and a client with grants the projects and apps granted', async () => {
    const own = await CiClient.of(t, u, 'publishing', projects[1]!.projectId);
    const listed = (await own.call('GET', '/api/project-service/v1/projects')).json();
    expect({ total: listed.total, ids: ids(listed) }).toEqual({ total: 1, ids: [projects[1]!.projectId] });
    expect((await own.call('GET', `/api/project-service/v1/projects/${projects[0]!.projectId}`)).statusCode).toBe(404);

    const granted = await CiClient.of(t, u, 'publishing');
    const appId = projects[0]!.apps[1]!.appId;
    expect((await u.call(apiClientsApi.grantRecord, { body: { clientId: granted.clientId, appIds: [appId] } })).statusCode).toBe(200);
    expect(ids((await granted.call('GET', '/api/project-service/v1/projects')).json())).toEqual([projects[0]!.projectId]);
    const apps = (await granted.call('GET', `/api/project-service/v1/projects/${projects[0]!.projectId}`, { queryFlag: 1 })).json().project.apps;
    expect(apps.map((a: { appId: string }) => a.appId)).toEqual([appId]);
  });

  it("refuses another team's project as unknown, bad paging and flags by name, and no credentials", async () => {
    const other = await TestUser.register(t);
    const theirs = (await other.call(projectApi.createProject, { body: { name: 'Theirs' } })).json().project.projectId as string;
    const ci = await CiClient.of(t, u, 'administrator');
    const hidden = await ci.call('GET', `/api/project-service/v1/projects/${theirs}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Theirs');
    const paging = await ci.call('GET', '/api/project-service/v1/projects', { pageSize: 500 });
    expect(paging.statusCode).toBe(400);
    expect(paging.json().ret.msg).toContain('pageSize');
    expect((await ci.call('GET', `/api/project-service/v1/projects/${projects[0]!.projectId}`, { queryFlag: 2 })).json().ret.msg).toContain('queryFlag');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/project-service/v1/projects' });
    expect(anonymous.statusCode).toBe(401);
  });
});
