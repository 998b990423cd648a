import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { nextFirings } from '@wharf/rules';
import { startLocalRegistry } from '@wharf/runner/testing';
import fnEn from '../../apps/web/src/features/cloud-functions/locales/en.json';
import { browserAvailability } from '../support/browser';
import { CLUSTER_DATABASE_URL, clusterEnvironment } from '../support/cluster';
import { openPage, pressUntilClosed, screenshot, selectOption, type Person } from '../support/console';
import { fill } from '../support/journey';
import { newDeveloperWithProject } from '../support/publishing';

// The functions IDE as a new developer meets it, on two server instances behind a balancer:
// a layer built from a package.json with one small dependency (from a registry on this
// machine), a function of two files using it, a saved test event and a test run with its
// log line, an hourly timer that fires once when both instances' clocks reach the hour,
// and the invocation chart.

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'ida.editor@example.com', password: 'editors correct horse', displayName: 'Ida Editor', country: 'Germany' };
const f = fnEn;
const FORMAT = "const pad = require('tiny-pad');\nexports.line = (shop) => 'report for ' + pad(shop, 8);\n";
const INDEX = `const { line } = require('./lib/format');
module.exports.myHandler = async (event, context, callback, logger) => {
  logger.info(line((event.user_event && event.user_event.shop) || event.shop || 'nobody'));
  return { ok: true };
};
`;

const registry = await startLocalRegistry([{ name: 'tiny-pad', version: '1.2.0', files: { 'index.js': "module.exports = (s, n) => String(s).padStart(n, '*');" } }]);
afterAll(() => registry.close());

/** Types into a CodeMirror editor found by its label, replacing what it holds. */
async function typeCode(page: Page, label: string, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: label });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

describe.skipIf(!chromium.available || !CLUSTER_DATABASE_URL)('the functions IDE on two instances (Chromium, PostgreSQL)', () => {
  const env = clusterEnvironment(2, { WHARF_JOBS: 'on', WHARF_TEST_CLOCK: 'on', DEMO_SEED: 'off', FUNCTIONS_SPARE_RUNNERS: '0', FUNCTION_LAYER_REGISTRY: registry.localUrl });

  /** Each instance's clock (they are set together; what the first says is returned). */
  async function clock(body?: { to: string }): Promise<number> {
    const answers = await Promise.all(
      env.cluster.instances.map(async (address) => {
        const res = await fetch(`${address}/__test/clock`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
        return Date.parse(((await res.json()) as { now: string }).now);
      }),
    );
    return answers[0]!;
  }

  it('builds a layer, writes a function of two files, tests it, and a timer fires it once', { timeout: 240_000 }, async () => {
    const { browser, cluster } = env;
    const { page } = await openPage(browser);
    onTestFailed(async () => {
      await screenshot(page, 'functions-ide-failure').catch(() => undefined);
      // A failed build says why in its log.
      for (const row of await cluster.sql<{ state: string; build_log: string; package_json: string }>('select state, build_log, package_json from function_layer_versions')) console.log(row);
    });
    await newDeveloperWithProject(page, cluster.address, developer, 'Reports');
    await page.getByRole('menuitem', { name: 'Cloud Functions' }).click();

    // Layers: one built from a package.json, its build followed until it is ready.
    await page.getByRole('tab', { name: f.tabs.layers }).click();
    await page.getByText(/No layers yet/).waitFor();
    await page.getByRole('button', { name: f.layers.new }).click();
    const layerDialog = page.getByRole('dialog');
    await layerDialog.getByLabel(f.layers.name).fill('pads');
    await page.locator('.cm-editor').waitFor();
    await typeCode(page, 'package.json', '{\n"dependencies": { "tiny-pad": "^1.2.0" }\n}');
    await pressUntilClosed(layerDialog, layerDialog.getByRole('button', { name: f.layers.create }));
    await page.getByText(f.layers.states.ready, { exact: true }).waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Expand row' }).click();
    await page.getByText('tiny-pad@1.2.0').waitFor();
    await screenshot(page, 'function-layers');

    // A function of two files, with the layer.
    await page.getByRole('tab', { name: f.tabs.functions }).click();
    await page.getByLabel(f.fields.name, { exact: true }).fill('reporter');
    await page.getByRole('button', { name: f.actions.create }).click();
    await page.locator('.cm-editor').waitFor();
    await page.getByRole('button', { name: f.ide.newFile }).click();
    await page.getByLabel(f.ide.newFileName).fill('lib/format.js');
    await page.getByRole('button', { name: f.ide.ok }).click();
    await typeCode(page, fill(f.code.file, { path: 'lib/format.js' }), FORMAT);
    await page.getByRole('menuitem', { name: 'index.js' }).click();
    await typeCode(page, fill(f.code.file, { path: 'index.js' }), INDEX);
    await selectOption(page, page.getByLabel(f.layers.forFunction), `pads · ${fill(f.versions.number, { version: 1 })}`);
    await page.getByRole('button', { name: f.code.save, exact: true }).click();
    await page.getByText(f.code.saved).waitFor();
    await screenshot(page, 'functions-ide');

    // A saved test event, run: the line the function logged, padded by the layer's package.
    await page.getByRole('tab', { name: f.tabs.test }).click();
    await page.getByLabel(f.test.event).fill('{"shop": "north"}');
    await page.getByLabel(f.test.saveName).fill('north shop');
    await page.getByRole('button', { name: f.test.saveEvent }).click();
    await page.getByText(fill(f.test.savedEvent, { name: 'north shop' })).waitFor();
    await page.getByRole('button', { name: f.test.run }).click();
    await page.getByText(f.test.outcomes.ok).waitFor();
    expect(await page.getByLabel(f.test.output, { exact: true }).textContent()).toContain('report for ***north');

    // An hourly timer in UTC.
    await page.getByRole('tab', { name: f.tabs.triggers }).click();
    await page.getByText(/No triggers yet/).waitFor();
    await page.getByRole('button', { name: f.triggers.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(f.triggers.name, { exact: true }).fill('hourly report');
    await dialog.getByText(f.triggers.preset['0 * * * *']).click();
    await dialog.getByLabel(f.triggers.timeZone).fill('UTC');
    await page.locator('.ant-select-item-option-content', { hasText: /^UTC$/ }).click();
    await dialog.getByLabel(f.triggers.payload).fill('{"shop": "south"}');
    await dialog.getByText(/^Next: /).waitFor();
    await pressUntilClosed(dialog, dialog.getByRole('button', { name: f.actions.save }));
    await page.getByText('0 * * * * (UTC)').waitFor();

    // Both instances' clocks reach the hour: the timer fires once, not once an instance.
    const next = nextFirings('0 * * * *', 'UTC', new Date(await clock()))[0]!;
    await clock({ to: next.toISOString() });
    const timerCalls = async () => Number((await cluster.sql<{ n: string }>(`select count(*) as n from function_invocations where trigger = 'timer'`))[0]!.n);
    await expect.poll(timerCalls, { timeout: 30_000, interval: 500 }).toBe(1);
    await page.waitForTimeout(3000);
    expect(await timerCalls()).toBe(1);
    await page.getByRole('tab', { name: f.tabs.logs }).click();
    await page.getByRole('cell', { name: 'report for ***south' }).waitFor();
    expect(await page.getByRole('cell', { name: 'report for ***south' }).count()).toBe(1);

    // The Metrics tab: the chart of calls, and the timer's call among the latest.
    await page.getByRole('tab', { name: f.tabs.metrics }).click();
    await page.getByTestId('chart').first().waitFor();
    await page.getByRole('cell', { name: f.metrics.triggers.timer, exact: true }).waitFor();
    await page.getByRole('cell', { name: f.metrics.triggers.test, exact: true }).waitFor();
    await screenshot(page, 'function-metrics');
  });
});
