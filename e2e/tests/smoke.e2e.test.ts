import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { authApi, buildPath, consoleApi } from '@wharf/contract';
import cn from '../../apps/web/src/app/locales/cn.json';
import en from '../../apps/web/src/app/locales/en.json';
import ru from '../../apps/web/src/app/locales/ru.json';
import accountsCn from '../../apps/web/src/features/accounts/locales/cn.json';
import accountsEn from '../../apps/web/src/features/accounts/locales/en.json';
import accountsRu from '../../apps/web/src/features/accounts/locales/ru.json';
import { browserAvailability, launchBrowser } from '../support/browser';
import { SCREENSHOTS_DIR } from '../support/paths';
import { startE2eServer, type E2eServer } from '../support/server';

const SITES = [
  { path: '/', site: 'cn', htmlLang: 'zh-CN', strings: cn, accounts: accountsCn },
  { path: '/en/', site: 'en', htmlLang: 'en', strings: en, accounts: accountsEn },
  { path: '/ru/', site: 'ru', htmlLang: 'ru', strings: ru, accounts: accountsRu },
] as const;

const chromium = browserAvailability();

// Under CI a missing browser is a failure, not a skip.
it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

describe.skipIf(!chromium.available)('console smoke (Chromium)', () => {
  let browser: Browser | undefined;
  let server: E2eServer | undefined;
  let serverVersion = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startE2eServer();
    const res = await fetch(`${server.address}${buildPath(consoleApi.getConfig)}`);
    expect(res.status).toBe(200);
    serverVersion = ((await res.json()) as { serverVersion: string }).serverVersion;
    expect(serverVersion).toMatch(/\d+\.\d+\.\d+/);
    fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each(SITES)('$path shows the $site site: sign-in, then the home page with the client configuration', async ({ path: sitePath, site, htmlLang, strings, accounts }) => {
    if (!browser || !server) throw new Error('setup did not finish');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()} (${msg.location().url})`);
    });
    page.on('response', (res) => {
      if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
    });
    try {
      const res = await page.goto(`${server.address}${sitePath}`);
      expect(res?.status()).toBe(200);

      // Signed out: the sign-in page, in the site's language.
      await page.getByRole('heading', { name: accounts.signIn.title }).waitFor();
      expect(page.url()).toContain('#/login');
      expect(await page.getAttribute('html', 'lang')).toBe(htmlLang);
      await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `sign-in-${site}.png`), fullPage: true, animations: 'disabled' });

      // Signed up (through the API; the accounts test clicks through the form), the home page.
      const signUp = await context.request.post(`${server.address}${buildPath(authApi.register)}`, {
        data: { email: `smoke-${site}@example.com`, password: 'smoke test password', displayName: `Smoke ${site}` },
      });
      expect(signUp.status()).toBe(200);
      await page.goto(`${server.address}${sitePath}#/`);
      await page.getByRole('heading', { name: strings.home.welcome }).waitFor();
      await page.getByText(strings.home.purpose).waitFor();
      // The client configuration came from the server through the request layer (footer).
      await page.getByText(serverVersion, { exact: true }).waitFor();
      // The team's home zone, and the service catalogue by category.
      await page.getByText(strings.zones.china, { exact: true }).waitFor();
      await page.getByText(strings.home.services.title, { exact: true }).waitFor();

      expect(await page.getAttribute('html', 'lang')).toBe(htmlLang);
      expect(await page.title()).toBe(strings.app.documentTitle);
      const today = await page.getByText(strings.home.today.replace('{{date}}', '')).textContent();
      expect(today).toMatch(site === 'ru' ? /\d{2}\.\d{2}\.\d{4}/ : /\d{4}-\d{2}-\d{2}/);

      await page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `home-${site}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
