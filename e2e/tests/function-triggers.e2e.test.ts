import { describe, expect, it, onTestFailed } from 'vitest';
import { nextFirings } from '@wharf/rules';
import fnEn from '../../apps/web/src/features/cloud-functions/locales/en.json';
import { browserAvailability } from '../support/browser';
import { openPage, pressUntilClosed, screenshot, type Person } from '../support/console';
import { journeyEnvironment } from '../support/journey';
import { newDeveloperWithProject } from '../support/publishing';

// A function's life after it is written, as a new developer meets it: a test run's line in
// the Logs tab, found by a word; a timer that calls it at the top of the hour, fired when
// the server's test clock gets there; its call in the Metrics tab, started by the timer.

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'tim.cron@example.com', password: 'timers correct horse', displayName: 'Tim Cron', country: 'Germany' };
const f = fnEn;
const CODE = `module.exports.myHandler = async (event, context, callback, logger) => {
  logger.info('report for ' + ((event.user_event && event.user_event.shop) || event.shop || 'nobody'));
  return { ok: true };
};`;

describe.skipIf(!chromium.available)('function logs, metrics and timers in the browser (Chromium)', () => {
  const env = journeyEnvironment({ WHARF_JOBS: 'on', WHARF_TEST_CLOCK: 'on', DEMO_SEED: 'off', FUNCTIONS_SPARE_RUNNERS: '0' });

  async function clock(body?: { to: string }): Promise<number> {
    const res = await fetch(`${env.server.address}/__test/clock`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
    return Date.parse(((await res.json()) as { now: string }).now);
  }

  it('finds a test run’s line in the logs, then a timer fires at its time and its call shows in the metrics', async () => {
    const { browser, server } = env;
    const { page } = await openPage(browser);
    onTestFailed(async () => {
      await screenshot(page, 'function-triggers-failure').catch(() => undefined);
    });
    await newDeveloperWithProject(page, server.address, developer, 'Reports');
    await page.getByRole('menuitem', { name: 'Cloud Functions' }).click();
    await page.getByLabel(f.fields.name, { exact: true }).fill('reporter');
    await page.getByRole('button', { name: f.actions.create }).click();
    const code = page.getByLabel(f.code.source);
    await code.waitFor();
    await code.fill(CODE);
    await page.getByRole('button', { name: f.code.save }).click();
    await page.getByText(f.code.saved).waitFor();

    // A test run with a shop in its event, then its line in the Logs tab, searched by a word.
    await page.getByRole('tab', { name: f.tabs.test }).click();
    await page.getByLabel(f.test.event).fill('{"shop": "harbour"}');
    await page.getByRole('button', { name: f.test.run }).click();
    await page.getByText(f.test.outcomes.ok).waitFor();
    await page.getByRole('tab', { name: f.tabs.logs }).click();
    await page.getByRole('cell', { name: 'report for harbour' }).waitFor();
    await page.getByPlaceholder(f.logs.searchPlaceholder).fill('harb');
    await page.getByPlaceholder(f.logs.searchPlaceholder).press('Enter');
    await page.getByRole('cell', { name: 'report for harbour' }).waitFor();
    expect(page.url()).toContain('q=harb');
    await screenshot(page, 'function-logs');

    // A timer at the top of every hour, in UTC, with its own payload.
    await page.getByRole('tab', { name: f.tabs.triggers }).click();
    await page.getByText(/No triggers yet/).waitFor();
    await page.getByRole('button', { name: f.triggers.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(f.triggers.name, { exact: true }).fill('hourly report');
    await dialog.getByText(f.triggers.preset['0 * * * *']).click();
    await dialog.getByLabel(f.triggers.timeZone).fill('UTC');
    await page.locator('.ant-select-item-option-content', { hasText: /^UTC$/ }).click();
    await dialog.getByLabel(f.triggers.payload).fill('{"shop": "north"}');
    await dialog.getByText(/^Next: /).waitFor();
    await pressUntilClosed(dialog, dialog.getByRole('button', { name: f.actions.save }));
    await page.getByText('0 * * * * (UTC)').waitFor();
    await screenshot(page, 'function-triggers');

    // The server's clock reaches the top of the hour: the timer fires, once, and its run calls the function.
    const next = nextFirings('0 * * * *', 'UTC', new Date(await clock()))[0]!;
    await clock({ to: next.toISOString() });
    await page.getByRole('tab', { name: f.tabs.logs }).click();
    await page.getByPlaceholder(f.logs.searchPlaceholder).fill('');
    await page.getByPlaceholder(f.logs.searchPlaceholder).press('Enter');
    for (let i = 0; i < 30 && !(await page.getByRole('cell', { name: 'report for north' }).isVisible()); i++) {
      await page.getByRole('button', { name: f.logs.refresh }).click();
      await page.waitForTimeout(500);
    }
    await page.getByRole('cell', { name: 'report for north' }).waitFor();
    expect(await page.getByRole('cell', { name: 'report for north' }).count()).toBe(1);

    // The Metrics tab: two calls, the latest started by the timer.
    await page.getByRole('tab', { name: f.tabs.metrics }).click();
    await page.getByRole('cell', { name: f.metrics.triggers.timer, exact: true }).waitFor();
    await page.getByRole('cell', { name: f.metrics.triggers.test, exact: true }).waitFor();
    await screenshot(page, 'function-metrics');
  });
});
