import { describe, expect, it, onTestFailed } from 'vitest';
import { Analytics } from '@wharf/analytics';
import { createClient, memoryStore } from '@wharf/client';
import { getAppMessaging } from '@wharf/client/app-messaging';
import { appApi } from '@wharf/contract';
import m from '../../apps/web/src/features/app-messaging/locales/en.json';
import { browserAvailability } from '../support/browser';
import { openPage, ownData, screenshot, selectOption, type Person } from '../support/console';
import { consoleCall } from '../support/console-calls';
import { journeyEnvironment } from '../support/journey';
import { newDeveloperWithBareApp } from '../support/publishing';

// App Messaging as a new developer meets it: a pop-up in English and Russian, shown when the
// app logs level_up on version 2.0 or later, once a day; a phone (the SDK in Node) logs
// level_up twice and may show it once, taps its button, and the message's statistics
// count the impression and the click.

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'mia.messages@example.com', password: 'messages correct horse', displayName: 'Mia Messages', country: 'Germany' };

describe.skipIf(!chromium.available)('App Messaging in the browser (Chromium)', () => {
  const env = journeyEnvironment({ DEMO_SEED: 'off' });

  it('makes a two-language pop-up for level_up on 2.0+, once a day; a phone shows it once and its chart counts the impression and the click', async () => {
    const { browser, server } = env;
    const { page, context, problems } = await openPage(browser);
    onTestFailed(async () => screenshot(page, 'app-messaging-failure').catch(() => undefined));
    const { appId } = await newDeveloperWithBareApp(page, server.address, developer, { project: 'Quests', name: 'Quest', packageName: 'com.wharf.e2e.messages' });
    await page.getByRole('menuitem', { name: 'App Messaging' }).click();
    await page.getByRole('heading', { name: m.page.title }).waitFor();
    await page.getByText(m.page.empty).waitFor();

    await page.getByRole('button', { name: m.page.create }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: m.editor.newTitle });
    await drawer.getByLabel(m.fields.name).fill('Level up offer');
    await drawer.getByLabel(m.content.title, { exact: true }).fill('Well done!');
    await drawer.getByLabel(m.content.body, { exact: true }).fill('Take <b>50 gems</b> for the next level.');
    await drawer.getByLabel(m.content.buttonText).fill('Take them');
    await selectOption(page, drawer.getByLabel(m.content.action), m.action.deepLink);
    await drawer.getByLabel(m.content.target).fill('https://quest.example.com/shop/gems');
    // The preview shows what was typed as text.
    await drawer.getByRole('img', { name: m.preview.label }).getByText('Take <b>50 gems</b> for the next level.').waitFor();
    await drawer.getByLabel(m.content.addLanguage).click();
    await page.keyboard.type('Russian (Russia)');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Russian (Russia)"]').click();
    await drawer.getByRole('tabpanel').getByLabel(m.content.title, { exact: true }).fill('Отлично!');
    await drawer.getByRole('tabpanel').getByLabel(m.content.body, { exact: true }).fill('Возьмите 50 кристаллов.');
    await drawer.getByRole('tabpanel').getByLabel(m.content.buttonText).fill('Взять');
    await drawer.getByRole('img', { name: m.preview.label }).getByText('Отлично!').waitFor();
    await drawer.getByText(m.trigger.event).click();
    await drawer.getByLabel(m.fields.event, { exact: true }).fill('level_up');
    await drawer.getByLabel(m.fields.minVersion).fill('2.0');
    await screenshot(page, 'app-messaging-editor');
    await drawer.getByRole('button', { name: m.editor.save }).click();
    const row = page.getByRole('row', { name: /Level up offer/ });
    await row.getByText(m.state.draft).waitFor();
    await row.getByRole('button', { name: m.action.publish }).click();
    await row.getByText(m.state.running).waitFor();

    // The phone: the SDK with the app's configuration file, on 2.1 in Russian.
    const config = JSON.stringify((await consoleCall(page, context, appApi.getAppConfigFile, { query: { appId } })).body.content);
    const phone = createClient(config, { store: memoryStore() });
    const analytics = new Analytics(phone, { flushIntervalMs: 0, automaticEvents: false, context: () => ({ appVersion: '2.1', os: 'android' }) });
    const messaging = getAppMessaging(phone, { events: analytics, attributes: () => ({ appVersion: '2.1', language: 'ru-RU' }) });
    expect(await messaging.fetch()).toBe(1);
    analytics.logEvent('level_up', { level: 2 });
    const shown = await messaging.eventLogged('level_up', { level: 2 });
    expect(shown?.content).toMatchObject({ title: 'Отлично!', buttons: [{ text: 'Взять', action: 'deepLink', target: 'https://quest.example.com/shop/gems' }] });
    messaging.clicked(shown!, 0);
    analytics.logEvent('level_up', { level: 3 });
    expect(await messaging.eventLogged('level_up', { level: 3 })).toBeNull();
    await analytics.flush();

    // The message's statistics: one impression, one click.
    await row.getByText('Level up offer').click();
    const detail = page.locator('.ant-drawer').filter({ hasText: m.detail.timeline });
    await detail.locator('.ant-statistic').filter({ hasText: m.detail.impressions }).getByText('1', { exact: true }).waitFor();
    await detail.locator('.ant-statistic').filter({ hasText: m.detail.clicks }).getByText('1', { exact: true }).waitFor();
    // ...and in the chart's numbers (its table view): today, 1 impression, 1 click, 0 closed.
    await detail.getByText('Table', { exact: true }).click();
    const today = new Date().toISOString().slice(0, 10);
    expect((await detail.getByRole('row', { name: new RegExp(today) }).innerText()).replace(/\s+/g, ' ').trim()).toBe(`${today} 1 1 0`);
    ownData(page, 'Quests', 'Quest', developer.displayName, 'Level up offer');
    await screenshot(page, 'app-messaging-stats');
    expect(problems).toEqual([]);
  });
});
