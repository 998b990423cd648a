import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import appUsersEn from '../../apps/web/src/features/app-users/locales/en.json';
import appsEn from '../../apps/web/src/features/apps/locales/en.json';
import { browserAvailability } from '../support/browser';
import { openPage, screenshot, type Person } from '../support/console';
import { fill, journeyEnvironment } from '../support/journey';
import { newDeveloperWithBareApp } from '../support/publishing';
import { startSampleApp } from '../support/sample-app';

// Auth Service as a new developer meets it: they make a project and an app, download the
// app's configuration file from App information, turn sign-in methods on; their web app
// (the sample in e2e/fixtures, on @wharf/client, on a site of its own) signs a user in
// anonymously, upgrades them to a verified email; the console lists the user with both
// methods, and disabling them makes the app's next refresh fail with the reason.

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'ava.auth@example.com', password: 'auth correct horse', displayName: 'Ava Auth', country: 'Germany' };
const u = appUsersEn;

describe.skipIf(!chromium.available)('Auth Service in the browser (Chromium)', () => {
  const env = journeyEnvironment({ DEMO_SEED: 'off' });
  let sample: Awaited<ReturnType<typeof startSampleApp>>;
  beforeAll(async () => {
    sample = await startSampleApp();
  });
  afterAll(() => sample.close());

  it('a web app on @wharf/client signs a user in with the downloaded configuration file; the console sees them and can disable them', async () => {
    const { browser, server } = env;
    const origin = server.address;
    const { page, problems } = await openPage(browser);
    onTestFailed(async () => {
      await screenshot(page, 'app-users-failure').catch(() => undefined);
    });

    // A project with an app.
    const { projectId } = await newDeveloperWithBareApp(page, origin, developer, { project: 'Notes', name: 'Field Notes', packageName: 'com.avaauth.fieldnotes' });

    // App information → SDK configuration: the configuration file.
    const sdk = page.locator('.ant-card', { hasText: appsEn.client.title });
    await sdk.getByText(appsEn.client.unrestricted).waitFor();
    await screenshot(page, 'app-sdk-configuration');
    const [download] = await Promise.all([page.waitForEvent('download'), sdk.getByRole('button', { name: appsEn.client.download }).click()]);
    expect(download.suggestedFilename()).toBe('agconnect-services.json');
    const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { client: { project_id: string; package_name: string } };
    expect(file.client).toMatchObject({ project_id: projectId, package_name: 'com.avaauth.fieldnotes' });

    // The team's web app, on a site of its own, loads that file into @wharf/client.
    const app = (await openPage(browser)).page;
    await app.goto(sample.origin);
    await app.getByLabel(/Configuration file/).setInputFiles((await download.path())!);
    // The account's status line (the sample has one for analytics too).
    const who = app.getByRole('status').filter({ hasText: /Signed (in|out)/ });
    const alert = app.getByRole('alert');
    await who.getByText('Signed out').waitFor();

    // Until a method is on, the app is told why it cannot sign in.
    await app.getByRole('button', { name: 'Continue without an account' }).click();
    await alert.getByText(/not turned on/).waitFor();

    // Auth Service, from the project's menu: anonymous and email sign-in on.
    await page.goto(`${origin}/en/#/projects/${projectId}/settings`);
    await page.getByRole('menuitem', { name: 'Auth Service' }).click();
    await page.getByRole('heading', { name: u.page.title }).waitFor();
    await page.getByText(u.users.empty).waitFor();
    for (const method of ['anonymous', 'email'] as const) {
      await page.getByRole('switch', { name: u.methods[method].name }).click();
      await page.getByText(fill(u.methods.turnedOn, { method: u.methods[method].name })).waitFor();
    }

    // The app: an anonymous user, then upgraded to an email (keeping the user ID), verified
    // with the code the mail brought.
    await app.getByRole('button', { name: 'Continue without an account' }).click();
    await who.getByText(/Signed in as an anonymous user/).waitFor();
    const userId = /user ID ([\w-]+)/.exec(await who.innerText())?.[1];
    await app.getByLabel('Email', { exact: true }).fill('reader@example.com');
    await app.getByLabel('Password', { exact: true }).fill('reader password');
    await app.getByRole('button', { name: 'Keep my notes with this email' }).click();
    await who.getByText('Signed in as reader@example.com (not verified)').waitFor();
    expect(await who.innerText()).toContain(`user ID ${userId}; providers: email`);
    const [mail] = await server.sql<{ text: string }>(`select text from mail_outbox where "to" = $1 and kind = 'app-user-verify' order by created_at desc limit 1`, ['reader@example.com']);
    await app.getByLabel('Code from the email').fill(/\b(\d{6})\b/.exec(mail!.text)![1]!);
    await app.getByRole('button', { name: 'Verify email' }).click();
    await who.getByText('Signed in as reader@example.com (verified)').waitFor();
    await screenshot(app, 'sample-web-app');

    // The console lists the one account (the anonymous user's ID, now signing in by email, as
    // Firebase shows an upgraded account); disabling them ends the app's session with the reason.
    await page.reload();
    const row = page.locator('tr', { hasText: 'reader@example.com' });
    await row.waitFor();
    await row.getByText(userId!).waitFor();
    await row.getByText(u.methods.email.name, { exact: true }).waitFor();
    expect(await page.locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await row.getByText(u.users.unverified).count()).toBe(0);
    await screenshot(page, 'app-users');
    await row.getByRole('button', { name: u.users.disable }).click();
    await page.getByText(fill(u.users.disabledNow, { name: 'reader@example.com' })).waitFor();
    await row.getByText(u.users.disabled, { exact: true }).waitFor();
    await app.getByRole('button', { name: 'Refresh session' }).click();
    await alert.getByText(/disabled/).waitFor();
    await who.getByText('Signed out').waitFor();
    expect(problems).toEqual([]);
  });
});
