import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appApi, defineEndpoint, okResponse, projectApi, teamApi } from '@wharf/contract';
import { FAMILIES } from '../../families';
import { invitationToken, teamWithMember } from '../../harness/scenarios';
import { createTestApp, TestUser, type TestApp } from '../../harness';
import type { Family } from '../deps';
import { registerEndpoint } from '../http/register';

// The `project:` level, on calls of a family that exists only here: the project is read
// from the path or the query string before the body, and must be the caller's team's.
const byQuery = defineEndpoint({
  id: 'projectAccessProbe.write',
  method: 'POST',
  prefix: 'probe/v1',
  path: '/thing',
  access: 'project:cloud.manage',
  summary: 'probe',
  query: z.object({ projectId: z.uuid() }),
  body: z.object({ name: z.string() }),
  response: okResponse({ projectId: z.string(), bodyRead: z.boolean() }),
});
const byPath = defineEndpoint({
  id: 'projectAccessProbe.read',
  method: 'GET',
  prefix: 'probe/v1',
  path: '/project/:projectId/thing',
  access: 'project:cloud.read',
  summary: 'probe',
  params: z.object({ projectId: z.uuid() }),
  response: okResponse({ projectId: z.string(), bodyRead: z.boolean() }),
});
const probe: Family = {
  name: 'project-access-probe',
  register(app) {
    registerEndpoint(app, byQuery, async ({ caller, body }) => ({ projectId: caller.projectId!, bodyRead: body.name.length > 0 }));
    registerEndpoint(app, byPath, async ({ caller }) => ({ projectId: caller.projectId!, bodyRead: false }));
  },
};

let t: TestApp;
let holder: TestUser;
let projectId: string;
let otherProjectId: string;
beforeAll(async () => {
  t = await createTestApp({ families: [...FAMILIES, probe] });
  holder = await TestUser.register(t);
  projectId = (await holder.call(projectApi.createProject, { body: { name: 'Mine' } })).json().project.projectId;
  otherProjectId = (await holder.call(projectApi.createProject, { body: { name: 'Second' } })).json().project.projectId;
});
afterAll(() => t.close());

const write = (u: TestUser, query: Record<string, string>) => u.call(byQuery, { query, body: { name: 'x' } });
const verdict = (res: { statusCode: number; json(): { ret: { code: number } } }) => [res.statusCode, res.json().ret.code];

describe('project access level', () => {
  it("lets the team's member with the permission act in the team's project, named in the query or the path", async () => {
    expect((await write(holder, { projectId })).json()).toMatchObject({ projectId, bodyRead: true });
    expect((await holder.call(byPath, { params: { projectId } })).json()).toMatchObject({ projectId });
  });

  it('refuses a missing or malformed project id, and several of them, with 400 before the body', async () => {
    for (const query of [{}, { projectId: 'nope' }] as Array<Record<string, string>>) expect(verdict(await write(holder, query))).toEqual([400, 100400]);
    const twice = await t.app.inject({ method: 'POST', url: `${byQuery.fullPath}?projectId=${projectId}&projectId=${otherProjectId}`, headers: { teamId: holder.teamId!, [t.config.csrfHeaderName]: holder.csrf! }, cookies: Object.fromEntries(holder.cookies), payload: { name: 'x' } });
    expect(twice.statusCode).toBe(400);
  });

  it("answers another team's project as not found, for its member and for a holder naming it from their own team", async () => {
    const stranger = await TestUser.register(t);
    expect(verdict(await write(stranger, { projectId }))).toEqual([404, 100404]);
    expect(verdict(await stranger.call(byPath, { params: { projectId } }))).toEqual([404, 100404]);
    expect(verdict(await write(stranger, { projectId: '00000000-0000-4000-8000-000000000000' }))).toEqual([404, 100404]);
  });

  it('refuses a role without the permission, and a member limited to apps outside the project', async () => {
    const { holder: h, member: finance } = await teamWithMember(t, ['finance']);
    const pid = (await h.call(projectApi.createProject, { body: { name: 'P' } })).json().project.projectId;
    expect(verdict(await write(finance, { projectId: pid }))).toEqual([403, 100403]);

    const created = await h.call(appApi.createApp, { body: { projectId: pid, platform: 'android', name: 'Scoped', packageName: 'com.wharf.scoped', category: 'app', defaultLanguage: 'enUS' } });
    expect(created.statusCode, created.body).toBe(200);
    const app = created.json().app;
    const elsewhere = (await h.call(projectApi.createProject, { body: { name: 'Elsewhere' } })).json().project.projectId;
    const { member: scoped } = await teamWithMemberOf(h, ['appAdministrator'], { appIds: [app.appId] });
    expect((await write(scoped, { projectId: pid })).statusCode).toBe(200);
    expect(verdict(await write(scoped, { projectId: elsewhere }))).toEqual([403, 100403]);
  });
});

/** A member who joins the holder's team with these roles (and app scope). */
async function teamWithMemberOf(h: TestUser, roles: string[], extra: Record<string, unknown>) {
  const member = await TestUser.register(t, { displayName: 'Scoped' });
  const invited = await h.call(teamApi.createSubUser, { body: { email: member.email, roles, ...extra } });
  if (invited.statusCode !== 200) throw new Error(invited.body);
  await member.call(teamApi.acceptInvitation, { body: { token: await invitationToken(t, member.email) } });
  member.absorb(await member.call(teamApi.switchTeam, { body: { teamId: h.teamId } }));
  member.teamId = h.teamId;
  return { member };
}
