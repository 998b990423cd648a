import fs from 'node:fs';
import { describe, expect, it, onTestFailed } from 'vitest';
import { appUsersApi, buildPath, type Endpoint } from '@wharf/contract';
import appUsersEn from '../../apps/web/src/features/app-users/locales/en.json';
import appsEn from '../../apps/web/src/features/apps/locales/en.json';
import projectsEn from '../../apps/web/src/features/projects/locales/en.json';
import { browserAvailability } from '../support/browser';
import { en, fillSignUp, openPage, screenshot, type Person } from '../support/console';
import { fill, journeyEnvironment } from '../support/journey';

// Auth Service as a new developer meets it: they make a project and an app, download the
// app's configuration file from App information, turn sign-in methods on; an app (here a
// plain HTTP client with that file's client ID and API key) signs a user in anonymously
// and upgrades them to an email; the console lists the user, and disabling them makes the
// app's next refresh fail with the reason.

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'ava.auth@example.com', password: 'auth correct horse', displayName: 'Ava Auth', country: 'Germany' };
const u = appUsersEn;

describe.skipIf(!chromium.available)('Auth Service in the browser (Chromium)', () => {
  const env = journeyEnvironment({ DEMO_SEED: 'off' });

  it('an app signs a user in with the downloaded configuration file; the console sees them and can disable them', async () => {
    const { browser, server } = env;
    const origin = server.address;
    const { page, problems } = await openPage(browser);
    onTestFailed(async () => {
      await screenshot(page, 'app-users-failure').catch(() => undefined);
    });

    // A project with an app.
    await page.goto(`${origin}/en/#/projects`);
    await page.getByRole('link', { name: en.accounts.signIn.register }).click();
    await fillSignUp(page, developer);
    await page.getByRole('button', { name: en.accounts.signUp.submit }).click();
    await page.getByRole('heading', { name: projectsEn.list.title }).waitFor();
    await page.getByRole('button', { name: projectsEn.list.create }).first().click();
    const createProject = page.getByRole('dialog', { name: projectsEn.form.createTitle });
    await createProject.getByLabel(projectsEn.fields.name).fill('Notes');
    await createProject.getByRole('button', { name: projectsEn.actions.create }).click();
    await page.getByRole('heading', { name: projectsEn.settings.title }).waitFor();
    const projectId = /#\/projects\/([\w-]+)\//.exec(page.url())?.[1] ?? '';
    await page.getByRole('button', { name: projectsEn.settings.addApp }).first().click();
    const createApp = page.getByRole('dialog', { name: appsEn.create.title });
    await createApp.getByLabel(appsEn.fields.name).fill('Field Notes');
    await createApp.getByLabel(appsEn.fields.packageName).fill('com.avaauth.fieldnotes');
    await createApp.locator('.ant-form-item-has-success').filter({ has: page.getByLabel(appsEn.fields.packageName) }).waitFor();
    await createApp.getByRole('button', { name: appsEn.actions.create }).click();
    await page.getByRole('heading', { name: appsEn.info.title }).waitFor();

    // App information → SDK configuration: the configuration file.
    const sdk = page.locator('.ant-card', { hasText: appsEn.client.title });
    await sdk.getByText(appsEn.client.unrestricted).waitFor();
    await screenshot(page, 'app-sdk-configuration');
    const [download] = await Promise.all([page.waitForEvent('download'), sdk.getByRole('button', { name: appsEn.client.download }).click()]);
    expect(download.suggestedFilename()).toBe('agconnect-services.json');
    const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { client: { client_id: string; api_key: string; project_id: string; package_name: string } };
    expect(file.client).toMatchObject({ project_id: projectId, package_name: 'com.avaauth.fieldnotes' });
    const headers = { client_id: file.client.client_id, api_key: file.client.api_key, 'content-type': 'application/json', 'x-lang': 'en' };
    const call = async (e: Endpoint, body: object, token?: string) => {
      const res = await fetch(`${origin}${buildPath(e)}`, { method: e.method, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(e.method === 'GET' ? {} : { body: JSON.stringify(body) }) });
      return { status: res.status, body: (await res.json()) as { ret: { code: number; msg: string }; accessToken: string; refreshToken: string; user: { appUserId: string } } };
    };

    // Until a method is on, the app is told why it cannot sign in.
    const off = await call(appUsersApi.signInAnonymously, {});
    expect(off.status).toBe(403);
    expect(off.body.ret.msg).toContain('not turned on');

    // Auth Service, from the project's menu: anonymous and email sign-in on.
    await page.goto(`${origin}/en/#/projects/${projectId}/settings`);
    await page.getByRole('menuitem', { name: 'Auth Service' }).click();
    await page.getByRole('heading', { name: u.page.title }).waitFor();
    await page.getByText(u.users.empty).waitFor();
    for (const method of ['anonymous', 'email'] as const) {
      await page.getByRole('switch', { name: u.methods[method].name }).click();
      await page.getByText(fill(u.methods.turnedOn, { method: u.methods[method].name })).waitFor();
    }

    // The app: an anonymous user, then upgraded to an email, keeping the user ID.
    const anon = await call(appUsersApi.signInAnonymously, {});
    expect(anon.status).toBe(200);
    const linked = await call(appUsersApi.linkEmail, { email: 'reader@example.com', password: 'reader password' }, anon.body.accessToken);
    expect(linked.status).toBe(200);
    expect(linked.body.user.appUserId).toBe(anon.body.user.appUserId);

    // The console lists them; disabling them ends the app's session with the reason.
    await page.reload();
    const row = page.locator('tr', { hasText: 'reader@example.com' });
    await row.waitFor();
    await row.getByText(u.users.unverified).waitFor();
    await screenshot(page, 'app-users');
    await row.getByRole('button', { name: u.users.disable }).click();
    await page.getByText(fill(u.users.disabledNow, { name: 'reader@example.com' })).waitFor();
    await row.getByText(u.users.disabled, { exact: true }).waitFor();
    const refused = await call(appUsersApi.refreshAppUserToken, { refreshToken: linked.body.refreshToken });
    expect(refused.status).toBe(401);
    expect(refused.body.ret.msg).toContain('disabled');
    expect(problems).toEqual([]);
  });
});
