import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { Analytics } from '@wharf/analytics';
import { createClient, memoryStore } from '@wharf/client';
import type { Locator, Page } from 'playwright-core';
import appsEn from '../../apps/web/src/features/apps/locales/en.json';
import an from '../../apps/web/src/features/analytics/locales/en.json';
import { browserAvailability } from '../support/browser';
import { openPage, screenshot, type Person } from '../support/console';
import { fill, journeyEnvironment } from '../support/journey';
import { newDeveloperWithBareApp } from '../support/publishing';
import { startSampleApp } from '../support/sample-app';

// App Analytics as a new developer meets it: the page says how to start; two devices of
// the team's web app (the sample, on @wharf/analytics), on versions 1.0 and 2.0, record
// sessions and events; the overview then shows exactly what they sent, and a three-step
// funnel over their events how many got through each step.

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'anna.analytics@example.com', password: 'analytics correct horse', displayName: 'Anna Analytics', country: 'Germany' };

/** The numbers of the headline cards, by title. */
async function kpis(page: Page): Promise<Record<string, string>> {
  const cards = page.getByTestId('analytics-kpis').locator('.ant-statistic');
  const out: Record<string, string> = {};
  for (const card of await cards.all()) out[await card.locator('.ant-statistic-title').innerText()] = await card.locator('.ant-statistic-content').innerText();
  return out;
}

/** The cells of a table's body rows, as text: what the page shows, not pixels. */
const bodyRows = (table: Locator) => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent)));

describe.skipIf(!chromium.available)('App Analytics in the browser (Chromium)', () => {
  const env = journeyEnvironment({ DEMO_SEED: 'off' });
  let sample: Awaited<ReturnType<typeof startSampleApp>>;
  beforeAll(async () => {
    sample = await startSampleApp();
  });
  afterAll(() => sample.close());

  it('shows how to start, then exactly the users, sessions and events two devices sent', async () => {
    const { browser, server } = env;
    const { page, problems } = await openPage(browser);
    onTestFailed(async () => {
      await screenshot(page, 'analytics-failure').catch(() => undefined);
    });
    await newDeveloperWithBareApp(page, server.address, developer, { project: 'Measured', name: 'Field Notes', packageName: 'com.annaanalytics.notes' });
    const sdk = page.locator('.ant-card', { hasText: appsEn.client.title });
    const [download] = await Promise.all([page.waitForEvent('download'), sdk.getByRole('button', { name: appsEn.client.download }).click()]);

    // Analytics → App Analytics, from the app's menu: nothing has arrived, so it says how to start.
    await page.getByRole('menuitem', { name: 'App Analytics' }).click();
    await page.getByRole('heading', { name: an.page.title }).waitFor();
    await page.getByText(an.start.title).waitFor();
    await screenshot(page, 'analytics-empty');

    // Two devices of the team's web app: 1.0 logs two events, 2.0 one; each ends its session.
    const device = async (version: string, events: Array<string | [string, string]>) => {
      const app = (await openPage(browser)).page;
      await app.goto(sample.origin);
      await app.getByLabel(/Configuration file/).setInputFiles((await download.path())!);
      await app.getByLabel('App version').fill(version);
      for (const one of events) {
        const [name, property] = typeof one === 'string' ? [one, ''] : one;
        await app.getByLabel('Event name').fill(name);
        await app.getByLabel('Event property').fill(property);
        await app.getByRole('button', { name: 'Log event' }).click();
      }
      await app.getByRole('button', { name: 'End session' }).click();
      await app.getByRole('button', { name: 'Send events' }).click();
      await app.getByText('Sent; 0 waiting').waitFor();
      expect(await app.locator('#error').innerText()).toBe('');
    };
    // Its level_up carries a reward whose text a spreadsheet would run as a formula.
    await device('1.0', ['tutorial_begin', 'tutorial_complete', ['level_up', 'reward==HYPERLINK("http://evil.example")']]);
    await device('2.0', ['tutorial_begin', 'tutorial_complete']);

    // The server folds what arrived within a second or two; the page shows it once reloaded.
    let numbers: Record<string, string> = {};
    for (let i = 0; i < 20 && numbers[an.kpi.events] !== '11'; i += 1) {
      await page.reload();
      await page.getByTestId('analytics-kpis').waitFor();
      numbers = await kpis(page);
      if (numbers[an.kpi.events] !== '11') await page.waitForTimeout(500);
    }
    // Each device: first_open, session_start, its events and session_end.
    expect(numbers).toMatchObject({ [an.kpi.activeUsers]: '2', [an.kpi.newUsers]: '2', [an.kpi.sessions]: '2', [an.kpi.events]: '11' });
    // The chart's own numbers (its table), for today: two active and two new users.
    const table = page.locator('.ant-table-wrapper', { hasText: /Active and new users per day/ });
    const rows = await bodyRows(table);
    expect(rows.at(-1)!.slice(1)).toEqual(['2', '2']);
    expect(rows.slice(0, -1).every((r) => r[1] === '0' && r[2] === '0')).toBe(true);
    await screenshot(page, 'analytics-overview');

    // Distribution: the two first opens are today's installs; the devices split between 1.0 and 2.0.
    await page.getByRole('tab', { name: an.tabs.distribution }).click();
    await page.getByTestId('distribution-kpis').waitFor();
    const installs = page.locator('.ant-table-wrapper', { hasText: /Downloads from the store and installs the app reported/ });
    const perDay = await bodyRows(installs);
    expect(perDay.at(-1)!.slice(1)).toEqual(['0', '2']);
    const adoption = page.locator('.ant-table-wrapper', { hasText: /active devices per app version/ });
    const shares = await bodyRows(adoption);
    expect(shares.at(-1)!.slice(1)).toEqual(['50 %', '50 %']);
    await screenshot(page, 'analytics-distribution');
    await page.getByRole('tab', { name: an.tabs.overview }).click();

    // A three-step funnel over what they did: both began and completed the tutorial, one levelled up.
    await page.getByRole('tab', { name: an.tabs.funnels }).click();
    await page.getByText(an.funnel.howTo).waitFor();
    // Each step picked as a person types it: the name, then Enter on the one option left.
    const pick = async (n: number, name: string) => {
      await page.getByLabel(fill(an.funnel.stepN, { n })).click();
      await page.keyboard.type(name);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).waitFor();
      await page.keyboard.press('Enter');
      await page.getByLabel(fill(an.funnel.stepN, { n })).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').getByText(name).waitFor();
    };
    await pick(1, 'tutorial_begin');
    await pick(2, 'tutorial_complete');
    await page.getByRole('button', { name: an.funnel.add }).click();
    await pick(3, 'level_up');
    const funnel = page.getByTestId('funnel-steps');
    await funnel.getByText('level_up').waitFor();
    const steps = await bodyRows(funnel);
    expect(steps).toEqual([
      ['tutorial_begin', '2', '—', '100 %'],
      ['tutorial_complete', '2', '100 %', '100 %'],
      ['level_up', '1', '50 %', '50 %'],
    ]);
    await screenshot(page, 'analytics-funnel');

    // Reports: the days exported as CSV hold the overview's numbers.
    await page.getByRole('tab', { name: an.tabs.reports }).click();
    await page.getByText(an.reports.noExports).waitFor();
    await page.getByLabel(an.reports.name).fill('Daily numbers');
    expect(await page.getByTestId('report-export').textContent()).toMatch(/^Export \d{4}-\d{2}-\d{2} – \d{4}-/);
    await page.getByTestId('report-export').click();
    const exports = page.getByTestId('analytics-exports');
    const fileOf = async (name: string) => {
      const link = exports.getByRole('button', { name: fill(an.reports.downloadNamed, { name }) });
      await link.waitFor();
      const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(file.suggestedFilename()).toMatch(new RegExp(`^${name} \\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      return (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    };
    const daily = await fileOf('Daily numbers');
    expect(daily[0]).toBe('Day,New users,Active users,Sessions,Events');
    expect(daily).toHaveLength(31);
    expect(daily.at(-1)).toMatch(/^"\d{4}-\d{2}-\d{2}",2,2,2,11$/);
    expect(daily.slice(1, -1).every((line) => line.endsWith(',0,0,0,0'))).toBe(true);

    // Split by the reward property: the formula-like value arrives quoted, as text.
    await page.getByLabel(an.reports.name).fill('Rewards');
    await page.getByLabel(an.reports.rows).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: an.reports.dimension.property }).click();
    await page.getByLabel(an.reports.property).fill('reward');
    // The builder keeps its state in the page's address, so a box changes once the address has.
    for (const metric of ['newUsers', 'sessions', 'events'] as const) {
      const box = page.getByRole('checkbox', { name: an.reports.metric[metric] });
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(false);
    }
    await page.getByLabel(an.reports.events).click();
    await page.keyboard.type('level_up');
    await page.keyboard.press('Enter');
    // The builder keeps its state in the page's address: the export reads the choice once the address holds it.
    await expect.poll(() => decodeURIComponent(page.url())).toContain('level_up');
    // A multiple select stays open after a choice, over the buttons below: closed as a person would.
    await page.keyboard.press('Escape');
    await page.getByTestId('report-export').click();
    const rewards = await fileOf('Rewards');
    expect(rewards[0]).toBe('reward,Active users,level_up');
    // Largest first: the events without a reward (both devices), then the one with it.
    expect(rewards.slice(1)).toEqual([',2,0', '"=HYPERLINK(""http://evil.example"")",1,1']);
    await screenshot(page, 'analytics-reports');

    // An audience of those who levelled up this week: one of the two devices.
    await page.getByRole('tab', { name: an.tabs.audiences }).click();
    await page.getByRole('button', { name: an.audiences.new }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(an.audiences.name, { exact: true }).fill('Levelled up');
    await dialog.getByLabel(an.audiences.event).click();
    await page.keyboard.type('level_up');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: an.audiences.save }).click();
    await page.getByText(fill(an.audiences.saved, { name: 'Levelled up', size: 1 })).waitFor();
    const audiences = page.getByTestId('audiences');
    await audiences.getByText(fill(an.audiences.say.event, { event: 'level_up', n: 1, days: 7 })).waitFor();
    expect(await audiences.locator('tbody tr').first().locator('td').nth(2).innerText()).toBe('1');
    await screenshot(page, 'analytics-audiences');

    // A cohort computed by hand: two more devices (the SDK in Node, its clock two days back)
    // first opened two days ago; one came back the next day. Day 1 of that cohort: 1 of 2.
    const config = await readFile((await download.path())!, 'utf8');
    let hoursAgo = 48;
    const now = () => Date.now() - hoursAgo * 3_600_000;
    const returning = new Analytics(createClient(config, { store: memoryStore(), now }), { now, flushIntervalMs: 0, context: () => ({ appVersion: '1.0', os: 'web', country: 'DE' }) });
    const once = new Analytics(createClient(config, { store: memoryStore(), now }), { now, flushIntervalMs: 0, context: () => ({ appVersion: '1.0', os: 'web', country: 'DE' }) });
    for (const device of [returning, once]) {
      device.logEvent('tutorial_begin');
      device.endSession();
      await device.flush();
    }
    hoursAgo = 24;
    returning.logEvent('tutorial_begin');
    returning.endSession();
    await returning.flush();
    await page.getByRole('tab', { name: an.tabs.retention }).click();
    // The cohort's day in the app's reporting time zone, as the range bar names it.
    const timeZone = /Days in (\S+)/.exec(await page.getByText(/^Days in /).first().innerText())![1]!;
    const cohortDay = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() - 48 * 3_600_000));
    const cohorts = page.getByTestId('retention-cohorts');
    // The rollup folds each batch within a second or so: the cohort may show its first day
    // before the return is folded, so the page is read again until it says it (or time is up).
    const expected = [cohortDay, '2', '1 · 50 %'];
    const cohortRow = async () => {
      let seen: Array<string | null> | null = null;
      for (let i = 0; i < 20; i += 1) {
        await cohorts.waitFor();
        const rows = await bodyRows(cohorts);
        seen = rows.find((r) => r[0] === cohortDay) ?? seen;
        if (seen && JSON.stringify(seen.slice(0, 3)) === JSON.stringify(expected)) return seen;
        await page.waitForTimeout(500);
        await page.reload();
      }
      return seen;
    };
    expect((await cohortRow())?.slice(0, 3)).toEqual(expected);
    await screenshot(page, 'analytics-retention');
    expect(problems).toEqual([]);
  });
});
