import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { Analytics } from '@wharf/analytics';
import { createClient, memoryStore } from '@wharf/client';
import { getRemoteConfig } from '@wharf/client/remote-config';
import appsEn from '../../apps/web/src/features/apps/locales/en.json';
import ab from '../../apps/web/src/features/ab-testing/locales/en.json';
import rcEn from '../../apps/web/src/features/remote-config/locales/en.json';
import { browserAvailability } from '../support/browser';
import { chooseOption, openPage, screenshot, type Person } from '../support/console';
import { fill, journeyEnvironment } from '../support/journey';
import { newDeveloperWithBareApp } from '../support/publishing';
import { startSampleApp } from '../support/sample-app';

// Remote Configuration as a new developer meets it: an app's greeting gets a value for
// devices in Russia on version 2.0 and later, is published, and the team's web app (the
// sample, on @wharf/client) shows it in Russia and the default in Germany; a later version
// is rolled back from the version history and the app gets the old values on its next fetch.
// Then A/B Testing on that greeting: an experiment with two variants at 50% made in the
// wizard, 2,000 devices (the SDKs in Node) that fetch, activate (logging their exposure) and
// buy, more often with the friendlier greeting; the results page puts that variant ahead,
// and rolling it out gives every device its value.

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'rita.remote@example.com', password: 'remote correct horse', displayName: 'Rita Remote', country: 'Germany' };
const r = rcEn;
const DEVICES = 2000;

describe.skipIf(!chromium.available)('Remote Configuration in the browser (Chromium)', () => {
  const env = journeyEnvironment({ DEMO_SEED: 'off' });
  let sample: Awaited<ReturnType<typeof startSampleApp>>;
  beforeAll(async () => {
    sample = await startSampleApp();
  });
  afterAll(() => sample.close());

  it('publishes a value for Russia on 2.0 and later (Russia gets it, Germany the default), rolls back, then runs an A/B experiment whose better variant leads and is rolled out', async () => {
    const { browser, server } = env;
    const origin = server.address;
    const { page, problems } = await openPage(browser);
    onTestFailed(async () => {
      await screenshot(page, 'remote-config-failure').catch(() => undefined);
    });

    // A project with an app, and the app's configuration file.
    await newDeveloperWithBareApp(page, origin, developer, { project: 'Greetings', name: 'Hello Field', packageName: 'com.ritaremote.hello' });
    const sdk = page.locator('.ant-card', { hasText: appsEn.client.title });
    const [download] = await Promise.all([page.waitForEvent('download'), sdk.getByRole('button', { name: appsEn.client.download }).click()]);

    // Grow → Remote Configuration, from the app's menu: it says what to do first.
    await page.getByRole('menuitem', { name: 'Remote Configuration' }).click();
    await page.getByRole('heading', { name: r.page.title }).waitFor();
    await page.getByText(r.draft.neverPublished).waitFor();

    // A condition: Russia, app version 2.0 and later.
    await page.getByRole('tab', { name: fill(r.tabs.conditions, { count: 0 }) }).click();
    await page.getByText(r.condition.empty).waitFor();
    await page.getByRole('button', { name: r.condition.add }).click();
    const condition = page.getByRole('dialog', { name: r.condition.addTitle });
    await condition.getByLabel(r.condition.name, { exact: true }).fill('Russia, 2.0 and later');
    await condition.getByLabel(fill(r.rule.label, { n: 1, what: r.rule.value })).click();
    await page.keyboard.type('Russia');
    await chooseOption(page, 'Russia');
    await page.keyboard.press('Escape');
    await condition.getByRole('button', { name: r.condition.addRule }).click();
    await condition.getByLabel(fill(r.rule.label, { n: 2, what: r.rule.field })).click();
    await chooseOption(page, r.field.appVersion);
    await condition.getByLabel(fill(r.rule.label, { n: 2, what: r.rule.value })).fill('2.0');
    await condition.getByRole('button', { name: r.common.save }).click();
    await page.getByText('Country or region is one of Russia and App version ≥ 2.0').waitFor();

    // A parameter: the greeting, with its value for that condition.
    await page.getByRole('tab', { name: fill(r.tabs.parameters, { count: 0 }) }).click();
    await page.getByRole('button', { name: r.parameter.add }).click();
    const parameter = page.getByRole('dialog', { name: r.parameter.addTitle });
    await parameter.getByLabel(r.parameter.key).fill('greeting');
    await parameter.getByLabel(r.parameter.default).fill('Hello');
    await parameter.getByRole('button', { name: r.parameter.addValue }).click();
    await parameter.locator('.ant-form-item').filter({ has: page.getByLabel(r.parameter.condition) }).locator('xpath=following-sibling::div[1]').locator('input').fill('Привет');
    await parameter.getByRole('button', { name: r.common.save }).click();
    await page.locator('tr', { hasText: 'greeting' }).getByText('Привет').waitFor();

    // Publish, with what it is for.
    await page.getByText(r.draft.changed).waitFor();
    await page.getByRole('button', { name: r.draft.publish }).click();
    const publish = page.getByRole('dialog', { name: r.draft.publishTitle });
    await publish.getByTestId('remote-diff').getByText('greeting').waitFor();
    await publish.getByLabel(r.draft.description).fill('Greet Russian readers in Russian');
    await publish.getByRole('button', { name: r.draft.publish }).click();
    await page.getByText(/Devices get version 1, published/).waitFor();
    await screenshot(page, 'remote-config');

    // For development, no minimum interval between fetches.
    await page.getByRole('tab', { name: r.tabs.settings }).click();
    await page.getByLabel(r.settings.interval).fill('0');
    await page.getByRole('button', { name: r.common.save }).click();
    await page.getByText(r.settings.saved).waitFor();

    // The team's web app: Russia on 2.1 gets the value, Germany the default.
    const app = (await openPage(browser)).page;
    await app.goto(sample.origin);
    await app.getByLabel(/Configuration file/).setInputFiles((await download.path())!);
    const greeting = app.locator('#greeting');
    await greeting.getByText('Hello from the app').waitFor();
    await app.getByRole('button', { name: 'Fetch settings' }).click();
    await app.getByText('(version 1, fetched)').waitFor();
    expect(await greeting.innerText()).toBe('Привет');
    await app.getByLabel('Country').fill('DE');
    await app.getByRole('button', { name: 'Fetch settings' }).click();
    await greeting.getByText('Hello', { exact: true }).waitFor();

    // Version 2 changes the default; then version 1 is rolled back from the history.
    await page.getByRole('tab', { name: fill(r.tabs.parameters, { count: 1 }) }).click();
    await page.getByRole('button', { name: fill(r.parameter.editNamed, { key: 'greeting' }) }).click();
    const edit = page.getByRole('dialog', { name: fill(r.parameter.editTitle, { key: 'greeting' }) });
    await edit.getByLabel(r.parameter.default).fill('Good day');
    await edit.getByRole('button', { name: r.common.save }).click();
    await page.getByRole('button', { name: r.draft.publish }).click();
    await page.getByRole('dialog', { name: r.draft.publishTitle }).getByRole('button', { name: r.draft.publish }).click();
    await page.getByText(/Devices get version 2, published/).waitFor();
    await app.getByRole('button', { name: 'Fetch settings' }).click();
    await greeting.getByText('Good day').waitFor();

    await page.getByRole('tab', { name: r.tabs.versions }).click();
    await page.getByText('Greet Russian readers in Russian').waitFor();
    await page.getByRole('button', { name: fill(r.version.viewNamed, { number: 1 }) }).click();
    const drawer = page.locator('.ant-drawer', { hasText: fill(r.version.title, { number: 1 }) });
    await drawer.getByText(r.version.firstKept).waitFor();
    await screenshot(page, 'remote-config-version');
    await drawer.getByRole('button', { name: r.version.rollback }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await page.getByText(fill(r.version.rolledBack, { number: 1 })).waitFor();
    await page.getByText(fill(r.version.rollbackOf, { number: 1 })).waitFor();

    await app.getByRole('button', { name: 'Fetch settings' }).click();
    await app.getByText('(version 3, fetched)').waitFor();
    expect(await greeting.innerText()).toBe('Hello');
    await app.getByLabel('Country').fill('RU');
    await app.getByRole('button', { name: 'Fetch settings' }).click();
    await greeting.getByText('Привет').waitFor();

    // A/B Testing on the greeting, from the wizard; 2,000 devices (the SDKs in Node, in Germany).
    const config = await readFile((await download.path())!, 'utf8');
    // The wizard: a name, everyone, the greeting with "Hey" in variant B, purchases as the goal.
    await page.getByRole('menuitem', { name: 'A/B Testing' }).click();
    await page.getByText(ab.list.empty).waitFor();
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
    await page.getByText(fill(ab.page.rolledOut, { name: 'Variant B', version: 4 })).waitFor();
    const later = getRemoteConfig(createClient(config, { store: memoryStore() }));
    await later.fetchAndActivate();
    expect([later.getString('greeting'), later.version, later.experiments]).toEqual(['Hey', 4, []]);
    expect(problems).toEqual([]);
  });
});
