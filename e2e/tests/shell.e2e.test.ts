import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { authApi, buildPath } from '@wharf/contract';
import en from '../../apps/web/src/app/locales/en.json';
import ru from '../../apps/web/src/app/locales/ru.json';
import { browserAvailability, launchBrowser } from '../support/browser';
import { openPage, ownData, screenshot } from '../support/console';
import { startE2eServer, type E2eServer } from '../support/server';

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

describe.skipIf(!chromium.available)('console shell (Chromium)', () => {
  let browser: Browser | undefined;
  let server: E2eServer | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startE2eServer();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('switches the language without a reload and keeps the choice, which then wins over the path', async () => {
    if (!browser || !server) throw new Error('setup did not finish');
    const { context, page, problems } = await openPage(browser);
    try {
      const signUp = await context.request.post(`${server.address}${buildPath(authApi.register)}`, {
        data: { email: 'switcher@example.com', password: 'switcher password', displayName: 'Switcher' },
      });
      expect(signUp.status()).toBe(200);
      await page.goto(`${server.address}/ru/#/`);
      await page.getByRole('heading', { name: ru.home.welcome }).waitFor();
      // A mark on the window: it survives a language switch only if the page did not reload.
      await page.evaluate(() => ((globalThis as unknown as { noReload: boolean }).noReload = true));

      await page.getByRole('button', { name: ru.language.label }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.getByRole('heading', { name: en.home.welcome }).waitFor();
      await page.getByRole('menuitem', { name: en.nav.myProjects }).waitFor();
      expect(await page.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(true);
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      const today = await page.getByText(en.home.today.replace('{{date}}', '')).textContent();
      expect(today).toMatch(/\d{4}-\d{2}-\d{2}/);

      // After a reload, on the Russian site's path, the saved choice still wins.
      await page.reload();
      await page.getByRole('heading', { name: en.home.welcome }).waitFor();
      expect(page.url()).toContain('/ru/');
      expect(await page.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBeUndefined();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('animates menus and dialogs, except for a person whose system asks for reduced motion', async () => {
    if (!browser || !server) throw new Error('setup did not finish');
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await browser.newContext({ reducedMotion, locale: 'en-US' });
      try {
        const page = await context.newPage();
        await page.goto(`${server.address}/en/`);
        await page.getByRole('button', { name: en.language.label }).click();
        await page.getByRole('menuitem', { name: 'Русский' }).waitFor();
        const menu = (await page.locator('.ant-dropdown').first().getAttribute('class')) ?? '';
        expect(menu.includes('ant-slide-up'), `${reducedMotion}: ${menu}`).toBe(reducedMotion === 'no-preference');
      } finally {
        await context.close();
      }
    }
  });

  it('lets a visitor browse the demo project read-only', async () => {
    if (!browser || !server) throw new Error('setup did not finish');
    const { context, page, problems } = await openPage(browser);
    try {
      // The demo's seeded names are data, the same on every site.
      ownData(page, 'Demo project', 'ArkTS Calculator', 'Tipsy');
      await page.goto(`${server.address}/ru/#/demoProject`);
      await page.getByText(ru.demo.readOnly).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('ru');
      const cards = page.locator('.ant-card-hoverable');
      await cards.first().waitFor();
      expect(await cards.count()).toBeGreaterThan(0);
      await screenshot(page, 'demo-project-ru');
      await cards.first().click();
      await page.getByText(ru.demo.fields.packageName).waitFor();
      // The app's creation date in the Russian form.
      expect(await page.locator('.ant-descriptions').textContent()).toMatch(/\d{2}\.\d{2}\.\d{4}/);
      expect(await page.getByRole('button', { name: ru.demo.editApp }).count()).toBe(0);
      expect(await page.getByRole('button', { name: ru.demo.editProject }).count()).toBe(0);
      await page.getByRole('link', { name: ru.demo.allApps }).click();
      await cards.first().waitFor();
      // Still a visitor: no session was made along the way.
      expect((await context.cookies()).some((c) => c.name === 'agc_developer_userinfo')).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('renders the open-test frame without credentials', async () => {
    if (!browser || !server) throw new Error('setup did not finish');
    const { context, page, problems } = await openPage(browser);
    const credentialed: string[] = [];
    page.on('request', (req) => {
      const headers = req.headers();
      if (req.url().includes('/agc/edge/') && (headers.cookie || headers['x-teamid'] || headers['x-csrf-token'])) credentialed.push(req.url());
    });
    try {
      await page.goto(`${server.address}/en/#/app/openTest?code=AB12CD`);
      await page.getByText(en.openTest.intro).waitFor();
      expect(await page.getByLabel(en.openTest.code).inputValue()).toBe('AB12CD');
      expect(page.url()).toContain('#/app/openTest');
      expect(credentialed).toEqual([]);
      await screenshot(page, 'open-test-en');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('serves the API reference under the security policy, without violations', async () => {
    if (!browser || !server) throw new Error('setup did not finish');
    const { context, page, problems } = await openPage(browser);
    try {
      const res = await page.goto(`${server.address}/docs`);
      expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.locator('.swagger-ui .info').waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
