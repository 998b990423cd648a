import { describe, expect, it, onTestFailed } from 'vitest';
import { trafficShare } from '@wharf/rules';
import fnEn from '../../apps/web/src/features/cloud-functions/locales/en.json';
import { browserAvailability } from '../support/browser';
import { openPage, pressUntilClosed, screenshot, type Person } from '../support/console';
import { fill, journeyEnvironment } from '../support/journey';
import { newDeveloperWithProject } from '../support/publishing';

// Cloud Functions as a new developer meets them: a function from the template, tested in
// the console, published as version 1 behind an alias `prod` that an app calls over HTTP;
// then version 2, and `prod` split 90/10: exactly the calls whose request ids fall in the
// 10 % get version 2, and the test knows which before it calls.

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'fay.lambda@example.com', password: 'functions correct horse', displayName: 'Fay Lambda', country: 'Germany' };
const f = fnEn;

describe.skipIf(!chromium.available)('Cloud Functions in the browser (Chromium)', () => {
  const env = journeyEnvironment({ DEMO_SEED: 'off', FUNCTIONS_SPARE_RUNNERS: '1' });

  it('creates a function from the template, tests it, publishes two versions and splits an alias between them', async () => {
    const { browser, server } = env;
    const origin = server.address;
    const { page } = await openPage(browser);
    onTestFailed(async () => {
      await screenshot(page, 'cloud-functions-failure').catch(() => undefined);
    });
    const projectId = await newDeveloperWithProject(page, origin, developer, 'Backend');

    // From the project's menu: the page says what a function is and what to do.
    await page.getByRole('menuitem', { name: 'Cloud Functions' }).click();
    await page.getByRole('heading', { name: f.page.title }).waitFor();
    await page.getByText(f.empty).waitFor();
    await page.getByLabel(f.fields.name, { exact: true }).fill('hello');
    await page.getByRole('button', { name: f.actions.create }).click();
    // The editor (CodeMirror, its own chunk) holds the handler template.
    await page.locator('.cm-editor').waitFor();
    const code = page.getByRole('textbox', { name: fill(f.code.file, { path: 'index.js' }) });
    expect(await code.textContent()).toContain('module.exports.myHandler');

    // A test with the sample event runs the template as saved.
    await page.getByRole('tab', { name: f.tabs.test }).click();
    await page.getByRole('button', { name: f.test.run }).click();
    await page.getByText(f.test.outcomes.ok).waitFor();
    expect(await page.getByLabel(f.test.result, { exact: true }).last().textContent()).toContain('Hello, Wharf!');
    await screenshot(page, 'cloud-functions-test');

    // Version 1, and the alias prod on it.
    await page.getByRole('tab', { name: f.tabs.code }).click();
    await page.getByRole('button', { name: f.code.publish }).click();
    await page.getByRole('heading', { level: 2 }).getByText(fill(f.versions.number, { version: 1 })).waitFor();
    await page.getByRole('tab', { name: f.tabs.aliases }).click();
    await page.getByRole('button', { name: f.aliases.new }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(f.aliases.name, { exact: true }).fill('prod');
    await pressUntilClosed(dialog, dialog.getByRole('button', { name: f.actions.save }));
    await page.getByRole('cell', { name: 'prod', exact: true }).waitFor();

    // An app calls prod's address (here: fetch, as any HTTP client would).
    const base = `${server.userContentOrigin.replace('usercontent.localhost', '127.0.0.1')}/functions/${projectId}/hello/prod`;
    const first = await fetch(`${base}?name=Ann`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: 'Hello, Ann!' });
    expect(first.headers.get('x-function-version')).toBe('1');

    // Version 2 says something else; prod sends it 10 % of calls.
    await page.getByRole('tab', { name: f.tabs.code }).click();
    await code.click();
    await page.keyboard.press('Control+F');
    await page.getByRole('textbox', { name: 'Find' }).fill("'Hello, '");
    await page.getByRole('textbox', { name: 'Replace' }).fill("'Hi again, '");
    await page.getByRole('button', { name: 'replace all' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: f.code.save, exact: true }).click();
    await page.getByText(f.code.saved).waitFor();
    await page.getByRole('button', { name: f.code.publish }).click();
    await page.getByRole('heading', { level: 2 }).getByText(fill(f.versions.number, { version: 2 })).waitFor();
    await page.getByRole('tab', { name: f.tabs.aliases }).click();
    await page.getByRole('row', { name: /prod/ }).getByRole('button', { name: f.actions.edit }).click();
    await dialog.getByLabel(f.aliases.additional).click();
    await page.locator('.ant-select-item-option-content', { hasText: fill(f.versions.number, { version: 2 }) }).last().click();
    await dialog.getByText(fill(f.aliases.splitSays, { version: 1, weight: 90, additional: 2, additionalWeight: 10 })).waitFor();
    await screenshot(page, 'cloud-functions-split');
    await pressUntilClosed(dialog, dialog.getByRole('button', { name: f.actions.save }));
    await page.getByText(fill(f.aliases.split, { version: 1, weight: 90, additional: 2, additionalWeight: 10 })).waitFor();

    const ids = Array.from({ length: 200 }, (_, i) => `order-${i}`);
    const expected = ids.filter((id) => trafficShare(id) < 10);
    const got: string[] = [];
    for (const id of ids) {
      const res = await fetch(`${base}?name=Bo`, { headers: { 'x-request-id': id } });
      const body = (await res.json()) as { message: string };
      const version = res.headers.get('x-function-version');
      expect(body.message).toBe(version === '2' ? 'Hi again, Bo!' : 'Hello, Bo!');
      if (version === '2') got.push(id);
    }
    expect(got).toEqual(expected);
    expect(expected.length).toBeGreaterThan(5);
  });
});
