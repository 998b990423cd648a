import { describe, expect, it, onTestFailed } from 'vitest';
import { APP_CLIENT_HEADERS, appApi, appLinksApi } from '@wharf/contract';
import l from '../../apps/web/src/features/app-links/locales/en.json';
import { browserAvailability } from '../support/browser';
import { openPage, ownData, screenshot, type Person } from '../support/console';
import { consoleCall } from '../support/console-calls';
import { fill, journeyEnvironment } from '../support/journey';
import { newDeveloperWithBareApp } from '../support/publishing';

// App Linking as a new developer meets it: a prefix, then a short link to the Android app
// with its QR code; a phone without the app lands on the app's store page and the app's
// first open claims the link; a computer goes to the desktop page; a link preview gets
// the social tags; and the link's chart shows the clicks by platform.

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'lin.links@example.com', password: 'links correct horse', displayName: 'Lin Links', country: 'Germany' };
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
// A person's desktop browser (headless Chromium says so in its User-Agent, and links take it for a crawler).
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe.skipIf(!chromium.available)('App Linking in the browser (Chromium)', () => {
  const env = journeyEnvironment({ DEMO_SEED: 'off' });

  it('makes a short link, sends a phone to the store page and the app its deep link, a computer to the desktop page, and charts the clicks', async () => {
    const { browser, server } = env;
    const origin = server.address;
    const { page, context, problems } = await openPage(browser);
    onTestFailed(async () => screenshot(page, 'app-links-failure').catch(() => undefined));
    const { projectId, appId } = await newDeveloperWithBareApp(page, origin, developer, { project: 'Games', name: 'Dice', packageName: 'com.wharf.e2e.links' });
    await page.goto(`${origin}/en/#/projects/${projectId}/settings`);
    await page.getByRole('menuitem', { name: 'App Linking' }).click();
    await page.getByRole('heading', { name: l.page.title }).waitFor();

    // First a prefix: the page starts there while there is none.
    await page.getByText(l.prefix.empty).waitFor();
    await page.getByLabel(l.prefix.name, { exact: true }).fill('dice');
    await page.getByRole('button', { name: l.prefix.add }).click();

    // With a prefix the page moves on to the links: one is refused while it would run
    // script, and made once it points somewhere real.
    await page.getByText(l.links.empty).waitFor();
    await page.getByRole('button', { name: l.links.create }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: l.editor.newTitle });
    await drawer.getByLabel(l.fields.deepLink).fill('javascript:alert(1)');
    await drawer.getByRole('button', { name: l.links.create }).click();
    await drawer.getByText(l.editor.urlRule).first().waitFor();
    await drawer.getByLabel(l.fields.deepLink).fill('https://dice.example.com/level/3');
    await drawer.getByLabel(l.fields.suffix).fill('level-3');
    await drawer.getByLabel(l.fields.androidAppId).click();
    await page.locator('.ant-select-item-option-content', { hasText: 'Dice (com.wharf.e2e.links)' }).click();
    // Computers go to the app's page on the web store (what a team without a website would choose).
    const desktopPage = `${origin}/en/#/store/${appId}`;
    await drawer.getByLabel(l.fields.desktopUrl).fill(desktopPage);
    await drawer.getByLabel(l.editor.socialTitle).fill('Level 3 <awaits>');
    await drawer.getByRole('button', { name: l.links.create }).click();
    const shortLink = `${server.userContentOrigin}/l/dice/level-3`;
    const detail = page.locator('.ant-drawer').filter({ hasText: l.detail.shortLink });
    await detail.getByRole('img', { name: fill(l.detail.qrAlt, { link: shortLink }) }).waitFor();
    ownData(page, 'Games', 'Dice', developer.displayName);
    await screenshot(page, 'app-links-detail');

    // A phone without the app: the store page, with the token its install carries.
    const phone = await browser.newContext({ userAgent: ANDROID, locale: 'en-US' });
    const tab = await phone.newPage();
    await tab.goto(shortLink);
    await expect.poll(() => tab.url()).toContain(`/en/#/store/${appId}?referrer=wharf_link%3D`);
    const token = decodeURIComponent(/referrer=([^&]+)/.exec(tab.url())![1]!).replace('wharf_link=', '');
    await screenshot(tab, 'app-links-store-page');
    await phone.close();

    // The app's first open claims the link, once.
    const { client } = (await consoleCall(page, context, appApi.getAppClient, { query: { appId } })).body as { client: { clientId: string; apiKey: string } };
    const claim = () => fetch(`${origin}${appLinksApi.claimDeferredLink.fullPath}`, { method: 'POST', headers: { [APP_CLIENT_HEADERS.clientId]: client.clientId, [APP_CLIENT_HEADERS.apiKey]: client.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    expect(await (await claim()).json()).toMatchObject({ deepLink: 'https://dice.example.com/level/3', matchedBy: 'token' });
    expect(await (await claim()).json()).toMatchObject({ deepLink: null });

    // A computer goes to the desktop page.
    const desk = await browser.newContext({ userAgent: DESKTOP, locale: 'en-US' });
    const deskTab = await desk.newPage();
    await deskTab.goto(shortLink);
    await expect.poll(() => deskTab.url()).toBe(desktopPage);
    await desk.close();

    // A link preview (a chat app's crawler) reads the social tags, escaped.
    const bot = await browser.newContext({ userAgent: 'TelegramBot (like TwitterBot)' });
    const botTab = await bot.newPage();
    await botTab.goto(shortLink);
    expect(await botTab.locator('meta[property="og:title"]').getAttribute('content')).toBe('Level 3 <awaits>');
    await botTab.getByRole('heading', { name: 'Level 3 <awaits>' }).waitFor();
    await screenshot(botTab, 'app-links-preview');
    await bot.close();

    // The charts: counts are written every 5 seconds; the reopened link reads them (each chart keeps its numbers as a table too).
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('img', { name: fill(l.detail.platformSummary, { days: 30 }) }).waitFor({ timeout: 10_000 }).catch(() => undefined);
          return page.locator('.ant-drawer tr').allTextContents();
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toEqual(expect.arrayContaining([`${l.platform.android}1`, `${l.platform.desktop}1`, `${l.platform.crawler}1`]));
    await screenshot(page, 'app-links-chart');
    expect(problems).toEqual([]);
  });
});
