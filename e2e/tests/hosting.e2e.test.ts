import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFailed } from 'vitest';
import { teamApi } from '@wharf/contract';
import { buildZip } from '@wharf/parsers/test-kit';
import h from '../../apps/web/src/features/hosting/locales/en.json';
import { browserAvailability } from '../support/browser';
import { openPage, screenshot, type Person } from '../support/console';
import { fill, journeyEnvironment } from '../support/journey';
import { newDeveloperWithProject } from '../support/publishing';

// Hosting as a new developer meets it: a site made from the project's menu, a two-page
// site deployed as a zip and opened, a broken deploy, and a rollback in one click. A page
// of the site tries the console's session open in the same browser: no cookie, no answer.

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'hana.host@example.com', password: 'hosting correct horse', displayName: 'Hana Host', country: 'Germany' };

const PROBE = `<!doctype html><title>probe</title><pre id="out">running</pre>
<script>
(async () => {
  const out = { cookie: document.cookie, read: null };
  try {
    const res = await fetch(new URLSearchParams(location.search).get('console') + '${teamApi.userPermission.fullPath}', { credentials: 'include' });
    out.read = 'status ' + res.status;
  } catch (err) { out.read = 'blocked: ' + err.name; }
  document.getElementById('out').textContent = JSON.stringify(out);
})();
</script>`;

async function zipFile(name: string, entries: { name: string; data: string }[]): Promise<string> {
  const file = path.join(os.tmpdir(), `${name}-${process.pid}.zip`);
  await writeFile(file, buildZip(entries.map((e) => ({ ...e, method: 'deflate' as const }))));
  return file;
}

describe.skipIf(!chromium.available)('Hosting in the browser (Chromium)', () => {
  const env = journeyEnvironment({ DEMO_SEED: 'off' });

  it('deploys a two-page site, opens it, deploys a broken version and rolls back in one click', async () => {
    const { browser, server } = env;
    const consoleOrigin = server.address.replace('127.0.0.1', 'localhost');
    const { page, context } = await openPage(browser);
    onTestFailed(async () => screenshot(page, 'hosting-failure').catch(() => undefined));
    await newDeveloperWithProject(page, consoleOrigin, developer, 'Landing');

    await page.getByRole('menuitem', { name: 'Hosting' }).click();
    await page.getByRole('heading', { name: h.page.title }).waitFor();
    await page.getByText(h.page.empty).waitFor();
    const name = `landing-${process.pid}`;
    await page.getByLabel(h.site.name).fill(name);
    await page.getByRole('button', { name: h.site.create }).click();
    await page.getByText(h.site.nothingLive).waitFor();

    const good = await zipFile('good', [
      { name: 'dist/index.html', data: '<!doctype html><title>Home</title><h1>Welcome aboard</h1><a href="about.html">About</a>' },
      { name: 'dist/about.html', data: '<!doctype html><title>About</title><h1>About us</h1>' },
      { name: 'dist/probe.html', data: PROBE },
    ]);
    await page.getByLabel(h.deploy.note).fill('First launch');
    await page.locator('input[type=file][accept=".zip,application/zip"]').setInputFiles(good);
    await page.getByText(fill(h.site.live, { version: 1 })).waitFor();
    const url = await page.getByRole('link', { name: new RegExp(`/sites/${name}/$`) }).first().getAttribute('href');
    expect(url).toBe(`${server.userContentOrigin}/sites/${name}/`);
    await screenshot(page, 'hosting-deployed');

    // The site, as a visitor opens it.
    const visitor = await context.newPage();
    await visitor.goto(url!);
    await visitor.getByRole('heading', { name: 'Welcome aboard' }).waitFor();
    await visitor.getByRole('link', { name: 'About' }).click();
    await visitor.getByRole('heading', { name: 'About us' }).waitFor();

    // A page of the site cannot use the console's session, open in the same browser.
    await visitor.goto(`${url}probe.html?console=${encodeURIComponent(consoleOrigin)}`);
    await visitor.waitForFunction(() => document.getElementById('out')?.textContent !== 'running');
    const probe = JSON.parse((await visitor.locator('#out').textContent()) ?? '{}') as { cookie: string; read: string };
    expect(probe.cookie).toBe('');
    expect(probe.read).toMatch(/^blocked|^status 401/);

    // A broken deploy goes live...
    const broken = await zipFile('broken', [{ name: 'index.html', data: '<!doctype html><title>Oops</title><h1>Under construction' }]);
    await page.getByLabel(h.deploy.note).fill('Oops');
    await page.locator('input[type=file][accept=".zip,application/zip"]').setInputFiles(broken);
    await page.getByText(fill(h.site.live, { version: 2 })).waitFor();
    await visitor.goto(url!);
    await visitor.getByRole('heading', { name: 'Under construction' }).waitFor();

    // ...and one click brings the first back.
    await page.getByRole('row', { name: /First launch/ }).getByRole('button', { name: h.versions.rollback }).click();
    await page.getByText(fill(h.site.live, { version: 1 })).waitFor();
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Welcome aboard' }).waitFor();
    await screenshot(page, 'hosting-rolled-back');
  });
});
