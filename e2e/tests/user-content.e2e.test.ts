import { describe, expect, it } from 'vitest';
import { projectApi, teamApi } from '@wharf/contract';
import type { Family } from '@wharf/server';
import projectsEn from '../../apps/web/src/features/projects/locales/en.json';
import { browserAvailability } from '../support/browser';
import { journeyEnvironment } from '../support/journey';
import { en, fillSignUp, openPage, screenshot, type Person } from '../support/console';

// A page on the user-content origin, as a hosted site or a function URL will serve, tries
// to use the session of the console open in the same browser: it must see no console
// cookie, read nothing and change nothing. Console at http://localhost:<port> (as the quick
// start prints it), user content at http://usercontent.localhost:<port> (its default).

const chromium = browserAvailability();
it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const seenCookies: string[] = [];
const hostile: Family = {
  name: 'hostile-site',
  register(_app, deps) {
    deps.userContent.app.get('/sites/hostile/', async (req, reply) => {
      seenCookies.push(req.headers.cookie ?? '');
      return reply.type('text/html; charset=utf-8').send(`<!doctype html><title>hostile</title><pre id="out">running</pre>
<script>
(async () => {
  const consoleOrigin = new URLSearchParams(location.search).get('console');
  const out = { cookie: document.cookie, read: null, write: null };
  try {
    const res = await fetch(consoleOrigin + '${teamApi.userPermission.fullPath}', { credentials: 'include' });
    out.read = 'status ' + res.status + ': ' + (await res.text());
  } catch (err) { out.read = 'blocked: ' + err.name; }
  try {
    const res = await fetch(consoleOrigin + '${projectApi.createProject.fullPath}', { method: 'POST', credentials: 'include', mode: 'no-cors',
      headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ name: 'From user content' }) });
    out.write = 'sent, opaque: ' + (res.type === 'opaque');
  } catch (err) { out.write = 'blocked: ' + err.name; }
  document.getElementById('out').textContent = JSON.stringify(out);
})();
</script>`);
    });
  },
};

const person: Person = { email: 'uc@example.com', password: 'uc correct horse', displayName: 'Uma Usercontent', country: 'Germany' };

describe.runIf(chromium.available)('the user-content origin', () => {
  const env = journeyEnvironment({}, [hostile]);

  it("gives a page there no console cookie, nothing to read and nothing to change with the console's session", async () => {
    const { page, context } = await openPage(env.browser);
    const consoleOrigin = env.server.address.replace('127.0.0.1', 'localhost');
    await page.goto(`${consoleOrigin}/en/#/projects`);
    await page.getByRole('link', { name: en.accounts.signIn.register }).click();
    await fillSignUp(page, person);
    await page.getByRole('button', { name: en.accounts.signUp.submit }).click();
    await page.getByRole('heading', { name: projectsEn.list.title }).waitFor();
    const consoleCookies = await context.cookies(consoleOrigin);
    expect(consoleCookies.length).toBeGreaterThan(1);

    await page.goto(`${env.server.userContentOrigin}/sites/hostile/?console=${encodeURIComponent(consoleOrigin)}`);
    await page.waitForFunction(() => document.getElementById('out')?.textContent !== 'running');
    const out = JSON.parse((await page.locator('#out').textContent()) ?? '{}') as { cookie: string; read: string; write: string };
    await screenshot(page, 'user-content-isolated');

    expect(out.cookie).toBe('');
    expect(seenCookies).toEqual(['']);
    // The read is refused by the browser (no CORS for that origin) or answered without a session.
    expect(out.read).toMatch(/^blocked|^status 401/);
    for (const c of consoleCookies) expect(out.read).not.toContain(c.value);
    expect(out.write).toMatch(/^sent, opaque: true$|^blocked/);
    expect(await env.server.sql(`select id from projects where name = 'From user content'`)).toEqual([]);
  });
});
