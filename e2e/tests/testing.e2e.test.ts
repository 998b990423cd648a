import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { versionApi } from '@wharf/contract';
import reviewEn from '../../apps/web/src/features/review/locales/en.json';
import testingEn from '../../apps/web/src/features/testing/locales/en.json';
import { browserAvailability } from '../support/browser';
import { fill, journeyEnvironment } from '../support/journey';
import { openPage, screenshot, signIn, type Person } from '../support/console';
import { journeyApk } from '../support/packages';
import { newDeveloperWithApp } from '../support/publishing';

// The open-test journey in Chromium against the real server: a developer uploads a build,
// makes a test-user group with an invitation code and a test version for it, and submits
// it; a reviewer approves it; a tester without an account opens the invitation link,
// joins, and downloads the build, which is the uploaded file byte for byte; their device's
// update check with the tester token offers the test version; the developer sees the
// tester in the group.

const chromium = browserAvailability();
const PACKAGE = journeyApk({ packageName: 'com.dhruv.tipsy', versionCode: 1, versionName: '1.0', label: 'Tipsy' });

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'tess.dev@example.com', password: 'dev correct horse', displayName: 'Tess Developer', country: 'Germany' };
const operator = { email: 'operator@example.com', password: 'operator password' };
const tx = testingEn;
const r = reviewEn;

describe.skipIf(!chromium.available)('open testing in the browser (Chromium)', () => {
  // No demo project where the fixture's package name would clash.
  const env = journeyEnvironment({ WHARF_JOBS: 'on', DEMO_SEED: 'off' });


  /** The row of a table that holds this text. */
  const rowOf = (page: Page, text: string) => page.locator('tr', { hasText: text });

  it('a tester joins with an invitation link, without an account, and gets the test build the reviewer approved', async () => {
    const { browser, server } = env;
    const origin = server.address;
    const dev = await openPage(browser);
    const page = dev.page;
    const open: Page[] = [page];
    onTestFailed(async () => {
      for (const [i, p] of open.entries()) await screenshot(p, `testing-failure-${i}`).catch(() => undefined);
    });

    await newDeveloperWithApp(page, origin, developer, { project: 'Beta', name: 'Tipsy', packageName: 'com.dhruv.tipsy', packageFile: PACKAGE.path });

    // App testing: a group with an invitation code.
    await page.getByRole('menuitem', { name: 'App testing' }).click();
    await page.getByRole('heading', { name: tx.page.title }).waitFor();
    await page.getByRole('tab', { name: tx.tabs.groups }).click();
    await page.getByText(tx.groups.empty).waitFor();
    await page.getByRole('button', { name: tx.groups.create }).click();
    const newGroup = page.getByRole('dialog', { name: tx.groups.create });
    await newGroup.getByLabel(tx.groups.name).fill('Friends');
    await newGroup.getByRole('button', { name: tx.dialog.save }).click();
    await rowOf(page, 'Friends').getByRole('button', { name: 'Friends' }).click();
    const drawer = page.getByRole('dialog', { name: 'Friends' });
    await drawer.getByText(tx.invitations.empty).waitFor();
    await drawer.getByRole('button', { name: tx.invitations.create }).click();
    await drawer.getByText(tx.invitations.states.active).waitFor();
    const code = (await drawer.locator('code').first().textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    await screenshot(page, 'testing-group');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // A test version of the uploaded build for that group, submitted for review.
    await page.getByRole('tab', { name: tx.tabs.versions }).click();
    await page.getByText(tx.versions.empty).waitFor();
    await page.getByRole('button', { name: tx.versions.create }).click();
    const create = page.getByRole('dialog', { name: tx.dialog.createTitle });
    await create.getByLabel(tx.dialog.name, { exact: true }).fill('Spring beta');
    await create.getByLabel(tx.dialog.package).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: PACKAGE.fileName }).click();
    await create.getByLabel(tx.dialog.groups).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Friends' }).click();
    await page.keyboard.press('Escape');
    await create.getByRole('button', { name: tx.dialog.save }).click();
    await create.waitFor({ state: 'hidden' });
    const row = rowOf(page, 'Spring beta');
    await row.getByText(tx.states.draft, { exact: true }).waitFor();
    await row.getByRole('button', { name: tx.versions.submit }).click();
    await row.getByText(tx.states.underReview, { exact: true }).waitFor();

    // The reviewer approves it: the start time has come, so the test opens at once.
    const rev = await openPage(browser);
    const reviewer = rev.page;
    open.push(reviewer);
    await reviewer.goto(`${origin}/en/#/login`);
    await signIn(reviewer, operator);
    await reviewer.getByRole('menuitem', { name: r.nav }).click();
    await reviewer.getByRole('heading', { name: r.queue.title }).waitFor();
    await reviewer.getByRole('row', { name: /Tipsy/ }).getByText(r.kind.testVersion).waitFor();
    await reviewer.getByRole('link', { name: fill(r.queue.openOf, { app: 'Tipsy' }) }).click();
    await reviewer.getByText('Spring beta').waitFor();
    await reviewer.getByRole('button', { name: r.decide.approve }).click();
    const approve = reviewer.getByRole('dialog', { name: fill(r.decide.approveTitle, { app: 'Tipsy' }) });
    await approve.getByText(r.decide.approveKind.testVersion).waitFor();
    await approve.getByRole('button', { name: r.decide.approve }).click();
    await reviewer.getByText(new RegExp(`^${fill(r.task.decided, { state: r.taskState.approved, date: '' })}\\d`)).waitFor();

    await page.reload();
    await rowOf(page, 'Spring beta').getByText(tx.states.testing, { exact: true }).waitFor();
    await rowOf(page, 'Spring beta').getByRole('button', { name: tx.versions.stop }).waitFor();
    await screenshot(page, 'testing-versions');

    // A tester without an account follows the invitation link and joins.
    const tester = await openPage(browser);
    open.push(tester.page);
    await tester.page.goto(`${origin}/en/#/app/openTest?code=${code}`);
    await tester.page.getByText('Tipsy', { exact: true }).waitFor();
    await tester.page.getByText('Spring beta').waitFor();
    await tester.page.getByLabel(tx.open.emailPlaceholder).fill('friend@example.com');
    await tester.page.getByRole('button', { name: tx.open.join }).click();
    await tester.page.getByText(tx.open.joined).waitFor();
    const token = (await tester.page.getByTestId('tester-token').textContent())?.trim() ?? '';
    expect(token.length).toBeGreaterThan(20);
    await screenshot(tester.page, 'open-test-joined');

    // Their download is the uploaded build, byte for byte.
    const href = await tester.page.getByRole('link', { name: /^Download/ }).getAttribute('href');
    expect(href).toContain('testerToken=');
    const download = await fetch(new URL(href!, origin));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PACKAGE.bytes)).toBe(true);

    // A device with the tester token is offered the test build; without it, nothing (the app is not on shelf).
    const check = (extra: string) => fetch(`${origin}${versionApi.updateCheck.fullPath}?packageName=com.dhruv.tipsy&versionCode=0&deviceId=device-t${extra}`).then((res) => res.json() as Promise<{ update: { versionCode: number } | null }>);
    expect((await check(`&testerToken=${encodeURIComponent(token)}`)).update).toMatchObject({ versionCode: 1 });
    expect((await check('')).update).toBeNull();

    // The developer sees the tester in the group, added by the invitation.
    await page.getByRole('tab', { name: tx.tabs.groups }).click();
    await rowOf(page, 'Friends').getByRole('button', { name: 'Friends' }).click();
    const member = drawer.locator('tr', { hasText: 'friend@example.com' });
    await member.getByText(tx.members.sources.invitation).waitFor();
    expect(dev.problems.concat(rev.problems, tester.problems)).toEqual([]);
  });
});
