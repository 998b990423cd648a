import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, projectApi, teamApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const pkg = () => `com.wharf.test${process.pid}.app${(seq += 1)}`;

async function withProject(u?: TestUser) {
  const user = u ?? (await TestUser.register(t));
  const project = (await user.call(projectApi.createProject, { body: { name: `P${seq}-${Math.random().toString(36).slice(2, 7)}` } })).json().project;
  return { user, projectId: project.projectId as string };
}

async function createApp(user: TestUser, projectId: string, over: Record<string, unknown> = {}) {
  return user.call(appApi.createApp, { body: { projectId, platform: 'android', name: 'Tipsy', packageName: pkg(), category: 'app', defaultLanguage: 'enUS', ...over } });
}

describe('creating apps', () => {
  it('creates an app in a project with its default-language name', async () => {
    const { user, projectId } = await withProject();
    const res = await createApp(user, projectId, { name: 'Tipsy', defaultLanguage: 'ruRU' });
    expect(res.statusCode).toBe(200);
    expect(res.json().app).toMatchObject({ projectId, platform: 'android', name: 'Tipsy', names: { ruRU: 'Tipsy' }, category: 'app', developStatus: 'developing', packageNameLocked: false, everOnShelf: false });
    const location = (await user.call(appApi.appLocationCall, { query: { appId: res.json().app.appId } })).json();
    expect(location).toMatchObject({ projectId, teamId: user.teamId, dataLocation: 'china', siteId: 1 });
  });

  it('refuses a package name taken on the platform, but not on another platform', async () => {
    const { user, projectId } = await withProject();
    const name = pkg();
    expect((await createApp(user, projectId, { packageName: name })).statusCode).toBe(200);
    const other = await withProject();
    const taken = await createApp(other.user, other.projectId, { packageName: name });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().ret.msg).toBe('Another app on this platform uses this package name');
    expect((await createApp(other.user, other.projectId, { packageName: name, platform: 'harmony' })).statusCode).toBe(200);
  });

  it('explains a bad package name and a bad default language', async () => {
    const { user, projectId } = await withProject();
    const format = await createApp(user, projectId, { packageName: 'com.app' });
    expect(format.statusCode).toBe(400);
    const reserved = await user.call(appApi.createApp, { headers: { 'x-lang': 'zh' }, body: { projectId, platform: 'android', name: 'X', packageName: 'com.android.shop', category: 'app', defaultLanguage: 'enUS' } });
    expect(reserved.json().ret.msg).toBe('包名使用了保留的命名空间或关键字');
    expect((await createApp(user, projectId, { defaultLanguage: 'xxXX' })).json().ret.msg).toContain('language catalogue');
  });

  it('answers 404 for a project of another team', async () => {
    const mine = await withProject();
    const theirs = await withProject();
    expect((await createApp(mine.user, theirs.projectId)).statusCode).toBe(404);
  });
});

describe('live checks', () => {
  it('checks package names for format, reserved words and availability, in the caller language', async () => {
    const { user, projectId } = await withProject();
    const name = pkg();
    await createApp(user, projectId, { packageName: name });
    const check = (packageName: string, headers = {}) => user.call(appApi.checkPackageName, { headers, body: { platform: 'android', packageName } });
    expect((await check(pkg())).json()).toMatchObject({ available: true, reason: null });
    expect((await check('bad')).json()).toMatchObject({ available: false, reason: 'format' });
    expect((await check('com.example.app')).json()).toMatchObject({ available: false, reason: 'reserved' });
    expect((await check(name, { 'x-lang': 'zh' })).json()).toMatchObject({ available: false, reason: 'taken', message: '该平台上已有应用使用此包名' });
  });

  it('checks app names against listed apps and reserved words', async () => {
    const { user, projectId } = await withProject();
    const created = (await createApp(user, projectId, { name: 'Listed One' })).json().app;
    await t.deps.database.executeSql('update apps set listed = true where id = $1', [created.appId]);
    const check = (name: string, appId?: string) => user.call(appApi.checkAppName, { body: { name, platform: 'android', ...(appId ? { appId } : {}) } });
    expect((await check('listed one')).json()).toMatchObject({ available: false, reason: 'taken' });
    expect((await check('Listed One', created.appId)).json().available).toBe(true);
    expect((await check('AppGallery Pro')).json().reason).toBe('reserved');
    expect((await check('x'.repeat(65))).json().reason).toBe('format');
    expect((await createApp(user, projectId, { name: 'Listed One' })).statusCode).toBe(409);
  });

  it('serves the kinds catalogue, filtered by category', async () => {
    const u = await TestUser.register(t);
    const games = (await u.call(appApi.appKinds, { body: { category: 'game' } })).json().items;
    expect(games.length).toBeGreaterThan(5);
    expect(games.every((k: { category: string }) => k.category === 'game')).toBe(true);
  });
});

describe('changing and deleting apps', () => {
  it('updates names per language, kind and contacts; the default-language name is the app name', async () => {
    const { user, projectId } = await withProject();
    const app = (await createApp(user, projectId, { defaultLanguage: 'enUS', name: 'Calc' })).json().app;
    const res = await user.call(appApi.updateApp, { body: { appId: app.appId, names: { enUS: 'Calculator', ruRU: 'Калькулятор' }, kindId: 'tools', supportEmail: 'help@example.com' } });
    expect(res.json().app).toMatchObject({ name: 'Calculator', names: { enUS: 'Calculator', ruRU: 'Калькулятор' }, kindId: 'tools', supportEmail: 'help@example.com' });
    expect((await user.call(appApi.updateApp, { body: { appId: app.appId, names: { qqQQ: 'x' } } })).statusCode).toBe(400);
    expect((await user.call(appApi.updateApp, { body: { appId: app.appId, developerWebsite: 'javascript:alert(1)' } })).statusCode).toBe(400);
  });

  it('checks only the new name on a rename: the app’s own package name is not weighed again', async () => {
    const { user, projectId } = await withProject();
    const app = (await createApp(user, projectId, { defaultLanguage: 'enUS', name: 'Calc' })).json().app;
    // A package name from before today's rules (a Java keyword as a segment is refused now).
    await t.deps.database.executeSql('update apps set package_name = $2 where id = $1', [app.appId, `com.wharf${process.pid}.class`]);
    const res = await user.call(appApi.updateApp, { body: { appId: app.appId, names: { enUS: 'Calculator' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().app.name).toBe('Calculator');
  });

  it('keeps every language of names edited at the same moment, each edit audited', async () => {
    const { user, projectId } = await withProject();
    const app = (await createApp(user, projectId, { defaultLanguage: 'enUS', name: 'Calc' })).json().app;
    const langs = ['enUS', 'ruRU', 'deDE', 'frFR', 'esES', 'itIT'];
    const answers = await Promise.all(langs.map((l) => user.call(appApi.updateApp, { body: { appId: app.appId, names: { [l]: `Calc ${l}` } } })));
    expect(answers.map((a) => a.statusCode)).toEqual(langs.map(() => 200));
    const names = (await user.call(appApi.getApp, { query: { appId: app.appId } })).json().app.names;
    expect(names).toEqual(Object.fromEntries(langs.map((l) => [l, `Calc ${l}`])));
    const audited = await t.deps.database.executeSql(`select count(*)::int as n from audit_events where action = 'app.update' and target_id = $1`, [app.appId]);
    expect(audited.rows[0]).toEqual({ n: langs.length });
  });

  it('changes the package name only until a package is uploaded', async () => {
    const { user, projectId } = await withProject();
    const app = (await createApp(user, projectId)).json().app;
    const next = pkg();
    expect((await user.call(appApi.changePackageName, { body: { appId: app.appId, packageName: next } })).json().app.packageName).toBe(next);
    await t.deps.database.executeSql('update apps set package_name_locked = true where id = $1', [app.appId]);
    const locked = await user.call(appApi.changePackageName, { body: { appId: app.appId, packageName: pkg() } });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().ret.msg).toContain('no longer change');
  });

  it('deletes an app never on shelf, refuses one that was, and then lets the project go', async () => {
    const { user, projectId } = await withProject();
    const a = (await createApp(user, projectId)).json().app;
    const b = (await createApp(user, projectId)).json().app;
    await t.deps.database.executeSql('update apps set ever_on_shelf = true where id = $1', [b.appId]);
    expect((await user.call(appApi.deleteApp, { query: { appId: a.appId } })).statusCode).toBe(200);
    expect((await user.call(appApi.deleteApp, { query: { appId: b.appId } })).statusCode).toBe(409);
    const refused = await user.call(projectApi.deleteProject, { params: { projectId } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ret.msg).toContain('1 app(s)');
  });

  it('sets the development status', async () => {
    const { user, projectId } = await withProject();
    const app = (await createApp(user, projectId)).json().app;
    expect((await user.call(appApi.setDevelopStatus, { body: { appId: app.appId, developStatus: 'testing' } })).json().app.developStatus).toBe('testing');
    expect((await user.call(appApi.setDevelopStatus, { body: { appId: app.appId, developStatus: 'gone' } })).statusCode).toBe(400);
  });
});

describe('listing apps', () => {
  it('searches and filters, newest first, in pages', async () => {
    const { user, projectId } = await withProject();
    const second = await withProject(user);
    await createApp(user, projectId, { name: 'Alpha Notes' });
    t.clock.advance(1000);
    await createApp(user, projectId, { name: 'Beta Game', category: 'game', platform: 'harmony' });
    t.clock.advance(1000);
    await createApp(user, second.projectId, { name: 'Gamma Notes' });
    const all = (await user.call(appApi.appList, { query: { pageSize: 2, withTotal: 'true' } })).json();
    expect(all.total).toBe(3);
    const rest = (await user.call(appApi.appList, { query: { pageSize: 2, cursor: all.nextCursor } })).json();
    expect([...all.items, ...rest.items].map((a: { name: string }) => a.name)).toEqual(['Gamma Notes', 'Beta Game', 'Alpha Notes']);
    expect((await user.call(appApi.appList, { query: { search: 'notes' } })).json().items).toHaveLength(2);
    expect((await user.call(appApi.appList, { query: { category: 'game' } })).json().items.map((a: { name: string }) => a.name)).toEqual(['Beta Game']);
    expect((await user.call(appApi.appList, { query: { platform: 'harmony' } })).json().items).toHaveLength(1);
    expect((await user.call(appApi.appListByProject, { query: { projectId: second.projectId } })).json().items.map((a: { name: string }) => a.name)).toEqual(['Gamma Notes']);
  });

  it('shows an App administrator only their apps, and refuses the others', async () => {
    const { holder, member } = await teamWithMember(t, ['development']);
    const { projectId } = await withProject(holder);
    const mine = (await createApp(holder, projectId, { name: 'Mine' })).json().app;
    const other = (await createApp(holder, projectId, { name: 'Other' })).json().app;
    await holder.call(teamApi.updateMember, { params: { userId: member.userId }, body: { roles: ['appAdministrator'], appIds: [mine.appId] } });
    expect((await member.call(appApi.appList)).json().items.map((a: { name: string }) => a.name)).toEqual(['Mine']);
    expect((await member.call(appApi.getApp, { query: { appId: mine.appId } })).statusCode).toBe(200);
    const refused = await member.call(appApi.getApp, { query: { appId: other.appId } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().ret.msg).toContain('not one of the apps you administer');
  });
});
