import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ZONE_GATEWAYS: '{"europe":"https://eu.gw.example/agc/edge"}' } });
});
afterAll(() => t.close());

describe('projects', () => {
  it('creates a project in the team zone by default or in a chosen data location', async () => {
    const u = await TestUser.register(t, { countryCode: 'RU' });
    const first = (await u.call(projectApi.createProject, { body: { name: 'Shop' } })).json().project;
    expect(first).toMatchObject({ name: 'Shop', dataLocation: 'russia' });
    const second = (await u.call(projectApi.createProject, { body: { name: 'Games', dataLocation: 'europe' } })).json().project;
    expect(second.dataLocation).toBe('europe');
    const region = (await u.call(projectApi.projectRegion, { params: { projectId: second.projectId } })).json();
    expect(region).toMatchObject({ dataLocation: 'europe', siteId: 7, gatewayUrl: 'https://eu.gw.example/agc/edge' });
  });

  it('refuses a duplicate name (any case) and a name with markup characters', async () => {
    const u = await TestUser.register(t);
    await u.call(projectApi.createProject, { body: { name: 'Shop' } });
    const dup = await u.call(projectApi.createProject, { body: { name: 'SHOP' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().ret.msg).toContain('already has a project');
    expect((await u.call(projectApi.createProject, { body: { name: '<b>x</b>' } })).statusCode).toBe(400);
    expect((await u.call(projectApi.createProject, { body: { name: '   ' } })).statusCode).toBe(400);
  });

  it('lists newest first with a cursor and search, and counts on request', async () => {
    const u = await TestUser.register(t);
    for (const name of ['Alpha', 'Beta', 'Gamma']) {
      await u.call(projectApi.createProject, { body: { name } });
      t.clock.advance(1000);
    }
    const p1 = (await u.call(projectApi.projectList, { query: { pageSize: 2, withTotal: 'true' } })).json();
    expect(p1.total).toBe(3);
    const p2 = (await u.call(projectApi.projectList, { query: { pageSize: 2, cursor: p1.nextCursor } })).json();
    expect([...p1.items, ...p2.items].map((p: { name: string }) => p.name)).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect((await u.call(projectApi.projectList, { query: { search: 'et' } })).json().items.map((p: { name: string }) => p.name)).toEqual(['Beta']);
    expect((await u.call(projectApi.projectList, { query: { search: '%' } })).json().items).toEqual([]);
  });

  it('renames and deletes, and hides projects of other teams as 404', async () => {
    const u = await TestUser.register(t);
    const other = await TestUser.register(t);
    const p = (await u.call(projectApi.createProject, { body: { name: 'Old name' } })).json().project;
    expect((await u.call(projectApi.renameProject, { params: { projectId: p.projectId }, body: { name: 'New name' } })).json().project.name).toBe('New name');
    for (const call of [projectApi.getProject, projectApi.projectRegion, projectApi.projectConfigFile, projectApi.projectMembers]) {
      expect((await other.call(call, { params: { projectId: p.projectId } })).statusCode).toBe(404);
    }
    expect((await other.call(projectApi.deleteProject, { params: { projectId: p.projectId } })).statusCode).toBe(404);
    expect((await u.call(projectApi.deleteProject, { params: { projectId: p.projectId } })).statusCode).toBe(200);
    expect((await u.call(projectApi.getProject, { params: { projectId: p.projectId } })).statusCode).toBe(404);
    const audit = (await t.deps.database.executeSql(`select action from audit_events where target_id = $1 order by id`, [p.projectId])).rows;
    expect(audit.map((r) => (r as { action: string }).action)).toEqual(['project.create', 'project.rename', 'project.delete']);
  });

  it('enforces the 300-project limit with the message users know', async () => {
    const u = await TestUser.register(t);
    const values = Array.from({ length: 300 }, (_, i) => `('${u.teamId}', 'P${i}', 'china', now(), now())`).join(',');
    await t.deps.database.executeSql(`insert into projects (team_id, name, data_location, created_at, updated_at) values ${values}`, []);
    const res = await u.call(projectApi.createProject, { body: { name: 'One too many' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().ret.msg).toBe('Your team has reached the project limit (300)');
  });

  it('serves the configuration file a client SDK reads', async () => {
    const u = await TestUser.register(t);
    const p = (await u.call(projectApi.createProject, { body: { name: 'SDK', dataLocation: 'europe' } })).json().project;
    const file = (await u.call(projectApi.projectConfigFile, { params: { projectId: p.projectId } })).json();
    expect(file.fileName).toBe('agconnect-services.json');
    expect(file.content).toEqual({
      configuration_version: '3.0',
      region: 'europe',
      agcgw: { url: 'https://eu.gw.example/agc/edge' },
      client: { project_id: p.projectId, product_id: p.projectId, team_id: u.teamId },
    });
  });

  it('lets Operations read projects but not create them, and lists project members', async () => {
    const { holder, member } = await teamWithMember(t, ['operations']);
    const p = (await holder.call(projectApi.createProject, { body: { name: 'Team project' } })).json().project;
    expect((await member.call(projectApi.getProject, { params: { projectId: p.projectId } })).statusCode).toBe(200);
    expect((await member.call(projectApi.createProject, { body: { name: 'Nope' } })).statusCode).toBe(403);
    const members = (await member.call(projectApi.projectMembers, { params: { projectId: p.projectId } })).json().items;
    expect(members.map((m: { email: string }) => m.email)).toEqual([holder.email, member.email]);
  });
});
