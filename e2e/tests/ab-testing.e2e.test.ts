import { readFile } from 'node:fs/promises';
import { describe, expect, it, onTestFailed } from 'vitest';
import { Analytics } from '@wharf/analytics';
import { createClient, memoryStore } from '@wharf/client';
import { getRemoteConfig } from '@wharf/client/remote-config';
import appsEn from '../../apps/web/src/features/apps/locales/en.json';
import ab from '../../apps/web/src/features/ab-testing/locales/en.json';
import rc from '../../apps/web/src/features/remote-config/locales/en.json';
import { browserAvailability } from '../support/browser';
import { chooseOption, openPage, screenshot, type Person } from '../support/console';
import { fill, journeyEnvironment } from '../support/journey';
import { newDeveloperWithBareApp } from '../support/publishing';

// A/B Testing as a new developer meets it: a published greeting, an experiment with two
// variants at 50% made in the wizard, 2,000 devices (the SDKs in Node) that fetch, activate
// (logging their exposure) and buy, more often with the friendlier greeting; the results
// page puts that variant ahead, and rolling it out gives every device its value.

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'abby.test@example.com', password: 'abby correct horse', displayName: 'Abby Tester', country: 'Germany' };
const DEVICES = 2000;

describe.skipIf(!chromium.available)('A/B Testing in the browser (Chromium)', () => {
  const env = journeyEnvironment({ DEMO_SEED: 'off' });

  it('runs an experiment from the wizard; 2,000 devices later the results put the better variant ahead, and its roll-out reaches every device', async () => {
    const { browser, server } = env;
    const { page, problems } = await openPage(browser);
    onTestFailed(async () => {
      await screenshot(page, 'ab-testing-failure').catch(() => undefined);
    });
    await newDeveloperWithBareApp(page, server.address, developer, { project: 'Experiments', name: 'Greeter', packageName: 'com.abbytester.greeter' });
    const sdk = page.locator('.ant-card', { hasText: appsEn.client.title });
    const [download] = await Promise.all([page.waitForEvent('download'), sdk.getByRole('button', { name: appsEn.client.download }).click()]);
    const config = await readFile((await download.path())!, 'utf8');

    // A/B Testing before anything is published: it says what to do first.
    await page.getByRole('menuitem', { name: 'A/B Testing' }).click();
    await page.getByText(ab.list.empty).waitFor();

    // The greeting, published in Remote Configuration, fetched as often as devices like.
    await page.getByRole('menuitem', { name: 'Remote Configuration' }).click();
    await page.getByRole('button', { name: rc.parameter.add }).click();
    const parameter = page.getByRole('dialog', { name: rc.parameter.addTitle });
    await parameter.getByLabel(rc.parameter.key).fill('greeting');
    await parameter.getByLabel(rc.parameter.default).fill('Hello');
    await parameter.getByRole('button', { name: rc.common.save }).click();
    await page.getByRole('button', { name: rc.draft.publish }).click();
    await page.getByRole('dialog', { name: rc.draft.publishTitle }).getByRole('button', { name: rc.draft.publish }).click();
    await page.getByText(/Devices get version 1, published/).waitFor();
    await page.getByRole('tab', { name: rc.tabs.settings }).click();
    await page.getByLabel(rc.settings.interval).fill('0');
    await page.getByRole('button', { name: rc.common.save }).click();
    await page.getByText(rc.settings.saved).waitFor();

    // The wizard: a name, everyone, the greeting with "Hey" in variant B, purchases as the goal.
    await page.getByRole('menuitem', { name: 'A/B Testing' }).click();
    await page.getByRole('button', { name: ab.list.create }).click();
    await page.getByLabel(ab.wizard.name).fill('Friendlier greeting');
    await page.getByRole('button', { name: ab.wizard.next }).click();
    await page.getByLabel(ab.wizard.percent).waitFor();
    await page.getByRole('button', { name: ab.wizard.next }).click();
    await page.getByLabel(ab.wizard.parameters).click();
    await chooseOption(page, 'greeting (text)');
    await page.keyboard.press('Escape');
    await page.getByTestId('variant-1').getByLabel('greeting').fill('Hey');
    await screenshot(page, 'ab-testing-wizard');
    await page.getByRole('button', { name: ab.wizard.next }).click();
    await page.getByLabel(ab.wizard.event).fill('purchase');
    await page.getByRole('button', { name: ab.wizard.next }).click();
    await page.getByText(fill(ab.metric.conversionText, { event: 'purchase' })).waitFor();
    await page.getByRole('button', { name: ab.wizard.saveStart }).click();
    await page.getByRole('heading', { name: 'Friendlier greeting' }).getByText(ab.state.running).waitFor();
    await page.getByText(ab.results.noExposures).waitFor();

    // 2,000 devices: each fetches and activates its variant (the SDK logs the exposure); a
    // tenth of the baseline's buy, a fifth of variant B's.
    const seen = [0, 0];
    const device = async (i: number) => {
      const wharf = createClient(config, { store: memoryStore() });
      const analytics = new Analytics(wharf, { flushIntervalMs: 0, context: () => ({ appVersion: '2.1', os: 'web', country: 'DE' }) });
      const values = getRemoteConfig(wharf, { exposures: analytics, attributes: () => ({ country: 'DE' }) });
      await values.fetchAndActivate();
      const variant = values.experiments[0]!.variant;
      expect(values.getString('greeting')).toBe(variant === 1 ? 'Hey' : 'Hello');
      seen[variant]! += 1;
      if (i % (variant === 1 ? 5 : 10) === 0) analytics.logEvent('purchase', {}, 4.99);
      await analytics.flush();
      analytics.close();
    };
    for (let from = 0; from < DEVICES; from += 25) await Promise.all(Array.from({ length: 25 }, (_, k) => device(from + k)));
    expect(seen[0]! + seen[1]!).toBe(DEVICES);

    // The results: every exposure counted, B ahead with its interval above zero.
    await page.reload();
    const leader = page.getByTestId('leader');
    await leader.waitFor();
    expect(await leader.innerText()).toBe(fill(ab.results.leader, { name: 'Variant B' }));
    const exposed = await page.getByTestId('exposed').locator('.ant-statistic-content-value').allInnerTexts();
    expect(exposed.map((n) => Number(n.replace(/\D/g, '')))).toEqual(seen);
    await page.getByTestId('primary-metric').locator('tbody tr').nth(1).getByText(/^\+\d+(\.\d)? pts \[\d/).waitFor();
    expect(await page.getByTestId('srm').count()).toBe(0);
    await screenshot(page, 'ab-testing-results');

    // Rolled out: the greeting's default becomes "Hey", and a device fetching now gets it.
    await page.getByRole('button', { name: ab.actions.rollOut }).click();
    await page.getByRole('dialog', { name: ab.actions.rollOutTitle }).getByRole('button', { name: ab.actions.rollOut }).click();
    await page.getByText(fill(ab.page.rolledOut, { name: 'Variant B', version: 2 })).waitFor();
    const later = getRemoteConfig(createClient(config, { store: memoryStore() }));
    await later.fetchAndActivate();
    expect([later.getString('greeting'), later.version, later.experiments]).toEqual(['Hey', 2, []]);
    expect(problems).toEqual([]);
  });
});
