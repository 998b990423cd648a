import { describe, expect, it, onTestFailed } from 'vitest';
import s from '../../apps/web/src/features/support/locales/en.json';
import { SCREENSHOT_PNG } from '../../apps/server/src/harness/sample-bytes';
import { browserAvailability } from '../support/browser';
import { CLUSTER_DATABASE_URL, clusterEnvironment } from '../support/cluster';
import { openPage, ownData, screenshot, selectOption, signIn, type Person } from '../support/console';
import { fill } from '../support/journey';
import { newDeveloperWithBareApp } from '../support/publishing';

// Support as its two sides meet it, on two server instances behind the test's balancer
// (one PostgreSQL): a developer opens a ticket with a screenshot; the platform's operator
// finds it at the support desk with its response timer and answers; the answer appears on
// the developer's open page without a reload, though the two browsers talk to different
// instances; resolved, rated, and the rating reaches the desk the same way.

const chromium = browserAvailability();
const developer: Person = { email: 'sue.support@example.com', password: 'support correct horse', displayName: 'Sue Support', country: 'Germany' };
const operator = { email: 'operator@example.com', password: 'operator password' };
const SUBJECT = 'Release stuck in review';
const PROBLEM = 'Version 1.0.3 has been in review for two days.';
const ANSWER = 'We found it: the review queue skipped it. It is back in line now.';
const DONE = 'Approved and released.';

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

describe.skipIf(!chromium.available || !CLUSTER_DATABASE_URL)('support tickets on two instances (Chromium, PostgreSQL)', () => {
  const env = clusterEnvironment(2, { DEMO_SEED: 'off' });

  it('a ticket with a screenshot gets an operator answer that appears without a reload; resolved and rated', async () => {
    const { browser, cluster } = env;
    const origin = cluster.address;
    const dev = await openPage(browser);
    onTestFailed(async () => screenshot(dev.page, 'support-failure').catch(() => undefined));
    const page = dev.page;
    await newDeveloperWithBareApp(page, origin, developer, { project: 'Support', name: 'Jotter', packageName: 'com.wharf.e2e.support' });

    // Support → New ticket: category, priority, app, words and a screenshot with its progress.
    await page.getByRole('menuitem', { name: s.nav.team, exact: true }).click();
    await page.getByText(s.list.emptyTitle).waitFor();
    await page.getByRole('button', { name: s.list.new }).first().click();
    await page.getByRole('heading', { name: s.new.title }).waitFor();
    await selectOption(page, page.getByLabel(s.new.category), s.category.review);
    await page.getByText(s.priority.high, { exact: true }).click();
    await page.getByText(fill(s.priorityHint, { hours: 8 })).waitFor();
    await page.getByLabel(s.new.app).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Jotter' }).click();
    await page.getByLabel(s.new.subject).fill(SUBJECT);
    await page.getByLabel(s.new.text).fill(PROBLEM);
    await page.locator('input[type=file]').setInputFiles({ name: 'review.png', mimeType: 'image/png', buffer: SCREENSHOT_PNG });
    await page.getByTestId('attachment').filter({ hasText: 'review.png' }).locator('.ant-progress-status-success').waitFor();
    ownData(page, developer.displayName, SUBJECT, PROBLEM, 'Jotter', 'com.wharf.e2e.support', 'review.png');
    await screenshot(page, 'support-new-ticket');
    await page.getByRole('button', { name: s.new.submit }).click();
    await page.getByRole('heading', { name: `#1 ${SUBJECT}` }).waitFor();
    await page.getByText(s.state.open, { exact: true }).waitFor();
    await page.getByRole('link', { name: /review\.png/ }).waitFor();

    // The operator, in another browser, at the support desk: the ticket with its timer.
    const op = await openPage(browser);
    const desk = op.page;
    await desk.goto(`${origin}/en/#/login`);
    await signIn(desk, operator);
    await desk.getByRole('menuitem', { name: s.nav.desk }).click();
    await desk.getByRole('heading', { name: s.desk.title }).waitFor();
    const row = desk.getByRole('row', { name: new RegExp(SUBJECT) });
    await row.getByTestId('sla').filter({ hasText: /Answer due in 7 h|Answer due in 8 h/ }).waitFor();
    await screenshot(desk, 'support-desk');
    await row.getByRole('link', { name: SUBJECT }).click();
    await desk.getByRole('textbox', { name: s.desk.answer }).fill(ANSWER);
    await desk.getByRole('button', { name: s.desk.sendPending }).click();
    await desk.getByTestId('message-operator').filter({ hasText: ANSWER }).waitFor();

    // The developer's page, never reloaded, shows the answer and the new state.
    await page.getByTestId('message-operator').filter({ hasText: ANSWER }).waitFor();
    await page.getByText(s.state.pending, { exact: true }).waitFor();
    const [mail] = await cluster.sql<{ subject: string; text: string }>(`select subject, text from mail_outbox where "to" = $1 and kind = 'support-answered'`, [developer.email]);
    expect(mail?.subject).toBe(`Wharf support answered your ticket #1: ${SUBJECT}`);
    expect(mail?.text).toContain(ANSWER);
    await screenshot(page, 'support-ticket');

    // Resolved at the desk; rated by the developer; the rating reaches the desk live.
    await desk.getByRole('textbox', { name: s.desk.answer }).fill(DONE);
    await desk.getByRole('button', { name: s.desk.sendResolved }).click();
    await page.getByText(s.ticket.resolvedNote).waitFor();
    await page.getByRole('radio').nth(4).click();
    await page.getByLabel(s.rate.comment).fill('Quick and clear');
    await page.getByRole('button', { name: s.rate.submit }).click();
    await page.getByTestId('rating').waitFor();
    await page.getByText(s.ticket.closed).waitFor();
    await desk.getByTestId('rating').getByText('Quick and clear').waitFor();

    // Both instances served the two browsers.
    expect([...cluster.balancer.sent.values()].every((n) => n > 0)).toBe(true);
    expect(dev.problems).toEqual([]);
    expect(op.problems).toEqual([]);
  });
});
