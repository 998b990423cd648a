import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import d from '../../apps/web/src/features/databases/locales/en.json';
import { browserAvailability } from '../support/browser';
import { CLUSTER_DATABASE_URL, clusterEnvironment } from '../support/cluster';
import { openPage, ownData, screenshot, type Person } from '../support/console';
import { fill } from '../support/journey';
import { newDeveloperWithProject } from '../support/publishing';

// Database management as a new developer meets it, on a deployment that runs on
// PostgreSQL: a database for the project, a table made and filled in the SQL console (its
// editor a chunk the first page never loaded), a query's CSV, and a read-only account
// whose password, shown once, lets the test's own client read and not write.

const chromium = browserAvailability();
const developer: Person = { email: 'dana.db@example.com', password: 'database correct horse', displayName: 'Dana Database', country: 'Germany' };

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

describe.skipIf(!chromium.available || !CLUSTER_DATABASE_URL)('database management (Chromium, PostgreSQL)', () => {
  const env = clusterEnvironment(1, { DEMO_SEED: 'off', WHARF_JOBS: 'on' });
  // The project databases live on the test run's server, beside the deployment's: they go with it.
  afterAll(async () => {
    const made = await env.cluster.sql<{ pg_name: string }>('select pg_name from project_databases');
    const admin = new pg.Client({ connectionString: CLUSTER_DATABASE_URL! });
    await admin.connect();
    for (const { pg_name } of made) {
      await admin.query(`DROP DATABASE IF EXISTS "${pg_name}" WITH (FORCE)`);
      for (const { rolname } of (await admin.query<{ rolname: string }>('select rolname from pg_roles where rolname like $1', [`${pg_name}\\_%`])).rows) await admin.query(`DROP ROLE IF EXISTS "${rolname}"`);
    }
    await admin.end();
  });

  it('creates a database, fills a table in the SQL console, exports CSV, and a read-only account cannot write', async () => {
    const { browser, cluster } = env;
    const { page, problems } = await openPage(browser);
    onTestFailed(async () => screenshot(page, 'databases-failure').catch(() => undefined));
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await newDeveloperWithProject(page, cluster.address, developer, 'Shop backend');
    expect(scripts.some((u) => /codemirror/.test(u))).toBe(false);

    await page.getByRole('menuitem', { name: d.page.title }).click();
    await page.getByRole('heading', { name: d.page.title }).waitFor();
    await page.getByText(d.page.empty).waitFor();
    await page.getByRole('button', { name: d.page.create }).first().click();
    const dialog = page.getByRole('dialog', { name: d.create.title });
    await dialog.getByLabel(d.create.name).fill('shop');
    await dialog.getByRole('button', { name: d.create.submit }).click();
    await page.getByRole('tab', { name: d.tabs.console, selected: true }).waitFor();

    // The console: the editor arrives as its own chunk (a plain text area stands in until
    // then, and gives way to it); Ctrl+Enter runs.
    await page.locator('.cm-editor').waitFor();
    const editor = page.getByRole('textbox', { name: d.console.editor });
    await editor.click();
    await page.keyboard.insertText("create table notes (id serial primary key, body text);\ninsert into notes (body) values ('Milk'), ('=2+3'), ('Bread');\nselect id, body from notes order by id;");
    expect(scripts.some((u) => /codemirror/.test(u))).toBe(true);
    await page.keyboard.press('Control+Enter');
    const results = page.getByTestId('statement-result');
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(3);
    await results.nth(2).getByRole('cell', { name: 'Bread' }).waitFor();
    ownData(page, developer.displayName, 'Shop backend', 'shop', 'Milk', 'Bread');
    await screenshot(page, 'databases-console');

    // The last query's rows as CSV: every row, the formula-looking one escaped.
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('select id, body from notes order by id');
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: d.console.export }).click()]);
    expect(file.suggestedFilename()).toBe('shop.csv');
    expect(await readFile((await file.path())!, 'utf8')).toBe('\uFEFFid,body\r\n1,Milk\r\n2,"=2+3"\r\n3,Bread\r\n');

    // A read-only account: its password once, then the test's own client as that account.
    await page.getByRole('tab', { name: d.tabs.accounts }).click();
    await page.getByLabel(d.accounts.name, { exact: true }).fill('reports');
    await page.getByRole('button', { name: d.accounts.create }).click();
    await page.getByText(d.accounts.once).waitFor();
    const password = (await page.getByTestId('account-password').textContent())!.trim();
    const connection = (await page.getByRole('dialog').locator('code').nth(1).textContent())!.trim();
    await page.getByRole('button', { name: d.accounts.onceDone }).click();
    expect(connection).toContain(`:${encodeURIComponent(password)}@`);
    const reader = new pg.Client({ connectionString: connection });
    await reader.connect();
    try {
      expect((await reader.query('select body from notes order by id')).rows.map((r: { body: string }) => r.body)).toEqual(['Milk', '=2+3', 'Bread']);
      await expect(reader.query("insert into notes (body) values ('Eggs')")).rejects.toThrow(/permission denied/);
    } finally {
      await reader.end();
    }

    // A saved script, run in the background: its progress, statement by statement, to the end.
    await page.getByRole('tab', { name: d.tabs.console }).click();
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText("insert into notes (body) select 'note ' || g from generate_series(1, 1000) g;\nselect count(*) from notes;");
    await page.getByRole('button', { name: d.scripts.saveAs }).click();
    await page.getByRole('textbox', { name: d.scripts.name }).fill('Fill notes');
    await page.getByRole('dialog').getByRole('button', { name: d.scripts.save }).click();
    await page.getByText(fill(d.scripts.saved, { name: 'Fill notes' })).waitFor();
    await page.getByRole('button', { name: d.scripts.run }).click();
    const run = page.getByTestId('script-task').filter({ hasText: 'Fill notes' });
    await run.getByText(d.tasks.state.done).waitFor();
    await run.getByText(fill(d.tasks.progress, { done: 2, total: 2 })).waitFor();
    await run.click();
    await page.getByRole('cell', { name: '1003' }).waitFor();
    await screenshot(page, 'databases-script-run');
    expect(problems).toEqual([]);
  });
});
