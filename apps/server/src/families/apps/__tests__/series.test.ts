import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, projectApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { teamWithCustomMember, teamWithMember } from '../../../harness/scenarios';

let t: TestApp;
let u: TestUser;
let projectId: string;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
  projectId = (await u.call(projectApi.createProject, { body: { name: 'Series' } })).json().project.projectId;
});
afterAll(() => t.close());

async function newApp(platform = 'android', category = 'app', user = u, project = projectId) {
  n += 1;
  const res = await user.call(appApi.createApp, { body: { projectId: project, platform, name: `Series app ${n}`, packageName: `com.series.app${n}`, category, defaultLanguage: 'enUS' } });
  expect(res.statusCode).toBe(200);
  return res.json().app.appId as string;
}

const ids = (apps: Array<{ appId: string }>) => apps.map((a) => a.appId);

describe('app series', () => {
  it('offers apps of the same platform and category in no other series, and forms a series of them', async () => {
    const main = await newApp();
    const lite = await newApp();
    const pro = await newApp();
    const game = await newApp('android', 'game');
    const harmony = await newApp('harmony');
    const first = (await u.call(appApi.seriesSelectableList, { body: { appId: main } })).json();
    expect(first.seriesId).toBeNull();
    expect(ids(first.items)).toEqual(expect.arrayContaining([lite, pro]));
    expect(ids(first.items)).not.toContain(game);
    expect(ids(first.items)).not.toContain(harmony);
    expect(ids(first.items)).not.toContain(main);

    const set = await u.call(appApi.setSeries, { body: { appId: main, memberAppIds: [lite] } });
    expect(set.statusCode).toBe(200);
    expect(ids(set.json().members)).toEqual([lite]);
    const seriesId = set.json().seriesId;
    // Seen from the member: the same series, and the main app is a member.
    const fromLite = (await u.call(appApi.seriesSelectableList, { body: { appId: lite } })).json();
    expect(fromLite.seriesId).toBe(seriesId);
    expect(ids(fromLite.members)).toEqual([main]);
    expect(ids(fromLite.items)).toContain(pro);
    expect(ids(fromLite.items)).not.toContain(main);

    // An app in a series is not offered to another app.
    const other = await newApp();
    expect(ids((await u.call(appApi.seriesSelectableList, { body: { appId: other } })).json().items)).not.toContain(lite);
    const taken = await u.call(appApi.setSeries, { body: { appId: other, memberAppIds: [lite] } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().ret.msg).toContain(`App ${lite} cannot join this series`);
    expect((await u.call(appApi.setSeries, { body: { appId: main, memberAppIds: [game] } })).statusCode).toBe(409);

    // Leaving: a series of one is no series.
    expect((await u.call(appApi.setSeries, { body: { appId: main, memberAppIds: [] } })).json()).toMatchObject({ seriesId: null, members: [] });
    expect((await u.call(appApi.seriesSelectableList, { body: { appId: lite } })).json().seriesId).toBeNull();
  });

  it('lets a deleted app leave its series', async () => {
    const a = await newApp();
    const b = await newApp();
    await u.call(appApi.setSeries, { body: { appId: a, memberAppIds: [b] } });
    expect((await u.call(appApi.deleteApp, { query: { appId: b } })).statusCode).toBe(200);
    expect((await u.call(appApi.seriesSelectableList, { body: { appId: a } })).json()).toMatchObject({ seriesId: null, members: [] });
  });

  it('keeps the others together when a member of a series of three is deleted', async () => {
    const a = await newApp();
    const b = await newApp();
    const c = await newApp();
    await u.call(appApi.setSeries, { body: { appId: a, memberAppIds: [b, c] } });
    expect((await u.call(appApi.deleteApp, { query: { appId: c } })).statusCode).toBe(200);
    const left = (await u.call(appApi.seriesSelectableList, { body: { appId: a } })).json();
    expect(left.seriesId).not.toBeNull();
    expect(ids(left.members)).toEqual([b]);
  });

  it('refuses bad input, other teams and roles without the permission', async () => {
    const a = await newApp();
    expect((await u.call(appApi.seriesSelectableList, { body: { appId: 'x' } })).json().ret.msg).toContain('appId');
    expect((await u.call(appApi.setSeries, { body: { appId: a } })).statusCode).toBe(400);
    const other = await TestUser.register(t);
    const otherProject = (await other.call(projectApi.createProject, { body: { name: 'Theirs' } })).json().project.projectId;
    const theirs = await newApp('android', 'app', other, otherProject);
    const peek = await other.call(appApi.seriesSelectableList, { body: { appId: a } });
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain('Series app');
    // Another team's app is never offered, nor accepted.
    expect(ids((await u.call(appApi.seriesSelectableList, { body: { appId: a } })).json().items)).not.toContain(theirs);
    expect((await u.call(appApi.setSeries, { body: { appId: a, memberAppIds: [theirs] } })).statusCode).toBe(409);
    const { holder, member } = await teamWithMember(t, ['operations']);
    const hp = (await holder.call(projectApi.createProject, { body: { name: 'Ops' } })).json().project.projectId;
    const x = await newApp('android', 'app', holder, hp);
    const y = await newApp('android', 'app', holder, hp);
    expect((await member.call(appApi.seriesSelectableList, { body: { appId: x } })).statusCode).toBe(200);
    expect((await member.call(appApi.setSeries, { body: { appId: x, memberAppIds: [y] } })).statusCode).toBe(403);
    const { member: reader } = await teamWithCustomMember(t, ['team.read']);
    expect((await reader.call(appApi.seriesSelectableList, { body: { appId: x } })).statusCode).toBe(403);
  });
});
