import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
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
    const device = async (version: string, events: string[]) => {
      const app = (await openPage(browser)).page;
      await app.goto(sample.origin);
      await app.getByLabel(/Configuration file/).setInputFiles((await download.path())!);
      await app.getByLabel('App version').fill(version);
      for (const name of events) {
        await app.getByLabel('Event name').fill(name);
        await app.getByRole('button', { name: 'Log event' }).click();
      }
      await app.getByRole('button', { name: 'End session' }).click();
      await app.getByRole('button', { name: 'Send events' }).click();
      await app.getByText('Sent; 0 waiting').waitFor();
      expect(await app.locator('#error').innerText()).toBe('');
    };
    await device('1.0', ['tutorial_begin', 'tutorial_complete', 'level_up']);
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
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent)));
    expect(rows.at(-1)!.slice(1)).toEqual(['2', '2']);
    expect(rows.slice(0, -1).every((r) => r[1] === '0' && r[2] === '0')).toBe(true);
    await screenshot(page, 'analytics-overview');

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
    const steps = await funnel.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent)));
    expect(steps).toEqual([
      ['tutorial_begin', '2', '—', '100 %'],
      ['tutorial_complete', '2', '100 %', '100 %'],
      ['level_up', '1', '50 %', '50 %'],
    ]);
    await screenshot(page, 'analytics-funnel');
    expect(problems).toEqual([]);
  });
});
