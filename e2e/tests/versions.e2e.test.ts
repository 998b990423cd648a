import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { versionApi } from '@wharf/contract';
import commonEn from '../../apps/web/src/app/locales/en.json';
import agreementsEn from '../../apps/web/src/features/agreements/locales/en.json';
import reviewEn from '../../apps/web/src/features/review/locales/en.json';
import reviewRu from '../../apps/web/src/features/review/locales/ru.json';
import versionsEn from '../../apps/web/src/features/versions/locales/en.json';
import versionsRu from '../../apps/web/src/features/versions/locales/ru.json';
import { browserAvailability } from '../support/browser';
import { fill, journeyEnvironment } from '../support/journey';
import { chooseOption, openPage, ownData, screenshot, signIn, type Person } from '../support/console';
import { journeyApk } from '../support/packages';
import { screenshotPng } from '../../apps/server/src/families/demo/png';
import { newDeveloperWithApp } from '../support/publishing';

// The publishing journey in Chromium against the real server (background parsing on, a
// test clock): a new developer creates an app, uploads its package, writes the listing
// in two languages and submits; a reviewer rejects it with a reason; the developer fixes
// it and submits again; the reviewer approves with a release time a minute ahead; the
// clock moves on and the version is on shelf; a device's update check offers it and its
// download is the uploaded file, byte for byte; a visitor without an account sees it on
// the public store page (name in two languages, icon, QR code), until the removal at the
// end takes it off the store page.

const chromium = browserAvailability();
const PACKAGE = journeyApk({ packageName: 'com.dhruv.tipsy', versionCode: 1, versionName: '1.0', label: 'Tipsy' });

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'dev@example.com', password: 'dev correct horse', displayName: 'Dana Developer', country: 'Germany' };
const operator = { email: 'operator@example.com', password: 'operator password' };
const v = versionsEn;
const r = reviewEn;
// Real images of the sizes the store takes (a 216×216 icon, 450×800 screenshots), and a
// launcher-sized icon it refuses.
const ICON = screenshotPng(216, 216, [22, 119, 255], [9, 45, 120]);
const SMALL_ICON = screenshotPng(192, 192, [22, 119, 255], [9, 45, 120]);
const SCREEN = screenshotPng(450, 800, [250, 173, 20], [212, 56, 13]);
const image = (name: string, buffer = SCREEN) => ({ name, mimeType: 'image/png', buffer });

describe.skipIf(!chromium.available)('versions, review and distribution in the browser (Chromium)', () => {
  // No demo project where the fixture's package name would clash.
  const env = journeyEnvironment({ WHARF_JOBS: 'on', WHARF_TEST_CLOCK: 'on', DEMO_SEED: 'off' });


  async function clock(body?: { advanceMs: number }): Promise<number> {
    const res = await fetch(`${env.server.address}/__test/clock`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
    return Date.parse(((await res.json()) as { now: string }).now);
  }

  /** A time as the browser's date picker takes it (its own zone). */
  function pickerText(page: Page, ms: number): Promise<string> {
    return page.evaluate((at) => {
      const d = new Date(at);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
    }, ms);
  }

  /** The open language tab (the others are hidden from the accessibility tree). */
  const activeTab = (page: Page) => page.getByRole('tabpanel');

  /** The task page shows the decision the server recorded (a toast may be left from the one before). */
  async function decided(page: Page, state: string): Promise<void> {
    await page.getByText(new RegExp(`^${fill(r.task.decided, { state, date: '' })}\\d`)).waitFor();
  }

  /** The icon and three screenshots of the open language's listing. */
  async function addImages(page: Page, language: string): Promise<void> {
    const input = (testId: string) => page.locator('.ant-upload', { has: page.getByTestId(testId) }).locator('input[type=file]').first();
    if (language === 'enUS') {
      // A launcher icon is refused beside the control, in words, and not kept.
      await input(`icon-upload-${language}`).setInputFiles(image('launcher.png', SMALL_ICON));
      const why = `launcher.png: ${fill(commonEn.errors.reason.iconPixels, { field: commonEn.fields.iconObjectId })}`;
      expect(await page.getByTestId(`icon-error-${language}`).textContent()).toBe(why);
    }
    await input(`icon-upload-${language}`).setInputFiles(image('icon.png', ICON));
    await page.getByRole('img', { name: new RegExp(`^${v.media.icon} `) }).waitFor();
    expect(await page.getByTestId(`icon-error-${language}`).count()).toBe(0);
    await input(`screenshot-upload-${language}`).setInputFiles([image('1.png'), image('2.png'), image('3.png')]);
    await activeTab(page).getByText(fill(v.media.screenshots, { count: 3, min: 3, max: 5 })).waitFor();
  }

  /**
   * Chooses the fixture's package in the version's package list. The list opens while the
   * page below it is still loading (history, adoption), and on a busy machine the option
   * can move under the pointer as it does: like a person, click again when nothing was chosen.
   */
  async function choosePackage(page: Page): Promise<void> {
    const facts = page.getByText(fill(v.package.facts, { packageName: 'com.dhruv.tipsy', versionCode: 1, size: PACKAGE.sizeText }));
    for (let attempt = 1; ; attempt++) {
      const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: PACKAGE.fileName });
      if (!(await option.isVisible())) await page.getByLabel(v.package.choose).click();
      await option.click();
      try {
        await facts.waitFor({ timeout: attempt < 3 ? 5_000 : 30_000 });
        return;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  }

  it('a version goes from a new app to devices through review, rejection and a scheduled release; the next one in phases, paused and resumed; then removal', async () => {
    const { browser, server } = env;
    const origin = server.address;
    const dev = await openPage(browser);
    const page = dev.page;
    // What the developer wrote in English (the listing's default language) shows on every site.
    const written = ['Tipsy Drinks', 'Track what you drink at a party, and when to stop.', 'Count your drinks at a party', 'A tenth first', 'The party is over', PACKAGE.fileName];
    ownData(page, developer.displayName, ...written);
    const open: Page[] = [page];
    const refusals = [dev.refusals];
    onTestFailed(async () => {
      for (const [i, p] of open.entries()) await screenshot(p, `versions-failure-${i}`).catch(() => undefined);
      console.log(`refused calls:\n${refusals.flat().join('\n') || '(none)'}`);
    });

    // A new developer signs up, creates a project and an app, and uploads its package.
    const appId = await newDeveloperWithApp(page, origin, developer, { project: 'Drinks', name: 'Tipsy', packageName: 'com.dhruv.tipsy', packageFile: PACKAGE.path });

    // Version information, from the app's menu: nothing yet, then a new version.
    await page.getByRole('menuitem', { name: v.page.title }).click();
    await page.getByRole('heading', { name: v.page.title }).waitFor();
    await page.getByText(v.create.empty).waitFor();
    await page.getByRole('button', { name: v.create.button }).click();
    await page.getByText(v.state['7'], { exact: true }).first().waitFor();
    await choosePackage(page);

    // The listing in English (the app's default language) and Russian.
    await activeTab(page).getByLabel(v.listing.name).fill('Tipsy');
    await activeTab(page).getByLabel(v.listing.brief).fill('Drinks');
    await activeTab(page).getByLabel(v.listing.description).fill('Track what you drink at a party, and when to stop.');
    // Unsaved edits: leaving for another page asks first, and staying keeps what was typed.
    await page.locator('.ant-breadcrumb a').first().click();
    await page.getByRole('dialog', { name: commonEn.unsaved.title }).getByRole('button', { name: commonEn.unsaved.stay }).click();
    expect(await activeTab(page).getByLabel(v.listing.brief).inputValue()).toBe('Drinks');
    await addImages(page, 'enUS');
    await page.getByRole('tab', { name: new RegExp(v.listing.complete) }).waitFor();
    await page.getByLabel(v.listing.addLanguage).click();
    await page.keyboard.type('Russian (Russia)');
    await chooseOption(page, 'Russian (Russia)');
    await page.getByRole('tab', { name: /Russian \(Russia\)/ }).waitFor();
    await activeTab(page).getByLabel(v.listing.name).fill('Типси');
    await activeTab(page).getByLabel(v.listing.brief).fill('Учёт напитков на вечеринке');
    await activeTab(page).getByLabel(v.listing.description).fill('Записывайте, что вы пьёте, и вовремя остановитесь.');
    await addImages(page, 'ruRU');
    await page.getByText(/^Europe \(0\/\d+\)$/).click();
    await page.getByText(/^Europe \((\d+)\/\1\)$/).waitFor();
    await page.getByLabel(v.release.ageRating).click();
    await chooseOption(page, v.ageRating['3+']);
    await page.getByText(/^Russian \(Russia\)/).first().waitFor();
    await screenshot(page, 'version-draft');

    // Submit: the version is saved first; the dialog confirms the version number.
    await page.getByRole('button', { name: v.editor.submit }).click();
    const submit = page.getByRole('dialog', { name: v.submit.title });
    await submit.getByText(fill(v.submit.confirm, { versionName: '1.0', versionCode: 1 })).waitFor();
    // A new team signs the distribution agreement first, from the dialog, after reading it.
    const ag = agreementsEn;
    await submit.getByText(fill(ag.missing.title, { count: 1 })).waitFor();
    expect(await submit.getByRole('button', { name: v.submit.ok }).isDisabled()).toBe(true);
    await submit.getByRole('button', { name: ag.missing.sign }).click();
    const agreement = page.getByRole('dialog', { name: ag.names.distribution });
    await agreement.getByText(ag.text.distribution.c3).waitFor();
    await agreement.getByRole('checkbox', { name: ag.sign.read }).check();
    await agreement.getByRole('button', { name: ag.sign.ok }).click();
    await page.getByText(fill(ag.sign.done, { name: ag.names.distribution })).waitFor();
    await submit.getByText(fill(ag.missing.title, { count: 1 })).waitFor({ state: 'detached' });
    await submit.getByRole('button', { name: v.submit.ok }).click();
    await page.getByText(v.submit.done).waitFor();
    await page.getByText(v.state['4'], { exact: true }).first().waitFor();

    // The reviewer (the platform's administrator operator) rejects it with a reason.
    const rev = await openPage(browser);
    refusals.push(rev.refusals);
    const reviewer = rev.page;
    ownData(reviewer, 'Platform operator', ...written, '"Drinks" does not say what the app does.');
    open.push(reviewer);
    await reviewer.goto(`${origin}/en/#/login`);
    await signIn(reviewer, operator);
    // The operator is in no team: the platform's work, not empty project and app lists.
    await reviewer.getByTestId('no-team').waitFor();
    expect(await reviewer.getByRole('menuitem', { name: commonEn.nav.myProjects }).count()).toBe(0);
    await reviewer.getByRole('menuitem', { name: r.nav }).click();
    await reviewer.getByRole('heading', { name: r.queue.title }).waitFor();
    await reviewer.getByRole('row', { name: /Tipsy/ }).getByText(r.kind.release).waitFor();
    await screenshot(reviewer, 'review-queue');
    await reviewer.getByRole('link', { name: fill(r.queue.openOf, { app: 'Tipsy' }) }).click();
    await reviewer.getByRole('heading', { name: 'Tipsy' }).waitFor();
    await reviewer.getByText(PACKAGE.fileName).waitFor();
    await reviewer.getByText(r.task.firstRelease).waitFor();
    // The reviewer sees the listing's images as the store will, and can download the package.
    const reviewedIcon = reviewer.getByTestId('review-media-enUS-shown').getByRole('img', { name: v.media.icon });
    await expect.poll(() => reviewedIcon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(216);
    const href = (await reviewer.getByTestId('review-package-download').getAttribute('href'))!;
    const packageFile = await reviewer.request.get(new URL(href, reviewer.url()).toString());
    expect(packageFile.status()).toBe(200);
    expect((await packageFile.body()).equals(PACKAGE.bytes)).toBe(true);
    await screenshot(reviewer, 'review-task');
    await reviewer.getByRole('button', { name: r.decide.reject }).click();
    const reject = reviewer.getByRole('dialog', { name: fill(r.decide.rejectTitle, { app: 'Tipsy' }) });
    await reject.getByLabel(v.reasons.weakBrief).check();
    await reject.getByLabel(r.decide.comment).fill('"Drinks" does not say what the app does.');
    await reject.getByRole('button', { name: r.decide.reject }).click();
    await decided(reviewer, r.taskState.rejected);

    // The developer sees the result and the reasons, fixes the brief and submits again.
    await page.reload();
    await page.getByText(v.state['1'], { exact: true }).first().waitFor();
    await page.getByText(`• ${v.reasons.weakBrief}`).waitFor();
    await page.getByText(fill(v.status.reviewerComment, { comment: '"Drinks" does not say what the app does.' })).waitFor();
    await screenshot(page, 'version-rejected');
    await page.getByRole('tab', { name: /English \(United States\)/ }).click();
    await activeTab(page).getByLabel(v.listing.brief).fill('Count your drinks at a party');
    await page.getByRole('button', { name: v.editor.submit }).click();
    await submit.getByRole('button', { name: v.submit.ok }).click();
    await page.getByText(v.state['4'], { exact: true }).first().waitFor();

    // The reviewer approves it with a release time a minute ahead of the server's clock.
    const now = await clock();
    const releaseAt = Math.ceil((now + 60_000) / 60_000) * 60_000 + 60_000;
    await reviewer.goto(`${origin}/en/#/review`);
    await reviewer.getByRole('link', { name: fill(r.queue.openOf, { app: 'Tipsy' }) }).click();
    await reviewer.getByText('Count your drinks at a party').waitFor();
    await reviewer.getByRole('button', { name: r.decide.approve }).click();
    const approve = reviewer.getByRole('dialog', { name: fill(r.decide.approveTitle, { app: 'Tipsy' }) });
    const picker = approve.getByLabel(r.decide.releaseAt);
    await picker.click();
    await picker.fill(await pickerText(reviewer, releaseAt));
    await picker.press('Enter');
    await approve.getByRole('button', { name: r.decide.approve }).click();
    await decided(reviewer, r.taskState.approved);

    // Waiting for its time; the update check offers nothing yet.
    await page.reload();
    await page.getByText(v.state['3'], { exact: true }).first().waitFor();
    const check = `${origin}${versionApi.updateCheck.fullPath}?packageName=com.dhruv.tipsy&versionCode=0&deviceId=device-1&country=DE`;
    expect(((await (await fetch(check)).json()) as { update: unknown }).update).toBeNull();

    // The clock passes the release time: the version is on shelf.
    await clock({ advanceMs: releaseAt - now + 1_000 });
    await page.reload();
    await page.getByText(fill(v.live.title, { version: '1.0 (1)' })).waitFor();
    await page.getByText(v.state['0'], { exact: true }).first().waitFor();
    await page.getByText(v.create.emptyUpgrade).waitFor();
    await page.getByText(v.history.title).first().click();
    await page.getByText(v.history.action.release).waitFor();
    await screenshot(page, 'version-on-shelf');

    // A device asks for updates and downloads the package: the uploaded file, byte for byte.
    const answer = (await (await fetch(check)).json()) as { update: { versionCode: number; sha256: string; size: number; downloadUrl: string } | null };
    expect(answer.update).toMatchObject({ versionCode: 1, versionName: '1.0' });
    const uploaded = PACKAGE.bytes;
    const download = await fetch(`${origin}${answer.update!.downloadUrl}?deviceId=device-1&country=DE`);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(uploaded.length);
    expect(bytes.equals(uploaded)).toBe(true);

    // The public store page, for a visitor without an account: the listing in the page's
    // language, the icon the store serves, and the QR code of the download link.
    // A visitor in Germany (a browser in German on the English site): the app is offered in
    // Europe only, and a visitor in the US is told it is not offered there.
    const visitor = await openPage(browser, { locale: 'de-DE' });
    refusals.push(visitor.refusals);
    open.push(visitor.page);
    // From the sign-in page's header to the store's front page, and on to the app.
    await visitor.page.goto(`${origin}/en/#/login`);
    await visitor.page.getByRole('navigation', { name: commonEn.nav.visitor }).getByRole('link', { name: commonEn.nav.store }).click();
    await visitor.page.getByRole('heading', { name: v.storeIndex.title }).waitFor();
    await visitor.page.getByRole('link', { name: 'Tipsy' }).click();
    await visitor.page.getByTestId('store-name').getByText('Tipsy', { exact: true }).waitFor();
    expect(visitor.page.url()).toContain(`#/store/${appId}`);
    await visitor.page.getByText('Count your drinks at a party', { exact: true }).waitFor();
    await visitor.page.locator('[data-testid=store-qr] .ant-qrcode svg').waitFor();
    await visitor.page.getByText(v.store.scan).waitFor();
    // The icon is fetched after the page is drawn: wait for it to load rather than look once.
    const icon = visitor.page.getByAltText(v.store.icon);
    await expect.poll(() => icon.evaluate((img) => { const image = img as unknown as { complete: boolean; naturalWidth: number }; return image.complete && image.naturalWidth > 0; }), { timeout: 15_000 }).toBe(true);
    expect(await visitor.page.getByRole('link', { name: v.store.download }).getAttribute('href')).toBe(`${origin}${answer.update!.downloadUrl}`);
    await screenshot(visitor.page, 'store-page');
    // The first visit saved English; the header's switcher changes it without a reload.
    await visitor.page.getByRole('button', { name: 'Language' }).click();
    await visitor.page.getByRole('menuitem', { name: 'Русский' }).click();
    await visitor.page.getByTestId('store-name').getByText('Типси', { exact: true }).waitFor();
    await visitor.page.getByText(versionsRu.store.scan).waitFor();

    // A second version in phased release: Upgrade starts it from the one on shelf; the same
    // package (equal versionCode, with the warning), a tenth of the devices, for a month.
    await page.getByRole('button', { name: v.create.upgrade }).click();
    await page.getByText(v.create.upgraded).waitFor();
    await choosePackage(page);
    await page.getByText(v.package.sameCode).first().waitFor();
    await page.getByRole('radio', { name: v.releaseType.phased }).check();
    await page.getByLabel(v.phasedSetup.percent).fill('10');
    const serverNow = await clock();
    const range = page.locator('.ant-picker-range');
    await range.locator('input').first().click();
    await range.locator('input').first().fill(await pickerText(page, serverNow - 60_000));
    await range.locator('input').first().press('Enter');
    await range.locator('input').last().fill(await pickerText(page, serverNow + 30 * 86_400_000));
    await range.locator('input').last().press('Enter');
    await page.getByLabel(v.phasedSetup.note, { exact: true }).fill('A tenth first');
    await page.getByRole('button', { name: v.editor.submit }).click();
    await submit.getByText(v.package.sameCode).waitFor();
    await submit.getByRole('button', { name: v.submit.ok }).click();
    await page.getByText(v.state['5'], { exact: true }).first().waitFor();
    await reviewer.goto(`${origin}/en/#/review`);
    await reviewer.getByRole('row', { name: /Tipsy/ }).getByText(r.kind.update).waitFor();
    await reviewer.getByRole('link', { name: fill(r.queue.openOf, { app: 'Tipsy' }) }).click();
    await reviewer.getByText(r.task.diffTitle).waitFor();
    await screenshot(reviewer, 'review-task-update');
    await reviewer.getByRole('button', { name: r.decide.approve }).click();
    await reviewer.getByRole('dialog', { name: fill(r.decide.approveTitle, { app: 'Tipsy' }) }).getByRole('button', { name: r.decide.approve }).click();
    await decided(reviewer, r.taskState.approved);

    // Live: paused and resumed from the console.
    await page.reload();
    await page.getByText(fill(v.phased.percentNow, { percent: 10 })).waitFor();
    await page.getByText(v.phased.states.active, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: v.phased.action.SUSPEND.button }).click();
    await page.getByRole('dialog', { name: v.phased.action.SUSPEND.title }).getByRole('button', { name: v.phased.action.SUSPEND.ok }).click();
    await page.getByText(v.phased.action.SUSPEND.done).waitFor();
    await page.getByText(v.phased.pausedHint).waitFor();
    await page.getByRole('button', { name: v.phased.action.RESUME.button }).click();
    await page.getByRole('dialog', { name: v.phased.action.RESUME.title }).getByRole('button', { name: v.phased.action.RESUME.ok }).click();
    await page.getByText(v.phased.action.RESUME.done).waitFor();
    await page.getByText(v.phased.states.active, { exact: true }).first().waitFor();
    await screenshot(page, 'version-phased');

    // Removal: requested with a reason, approved by the reviewer; devices are offered nothing.
    await page.getByRole('button', { name: v.actions.requestShelfOff.button }).click();
    const removal = page.getByRole('dialog', { name: v.actions.requestShelfOff.title });
    await removal.getByLabel(v.actions.reason).fill('The party is over');
    await removal.getByRole('button', { name: v.actions.requestShelfOff.ok }).click();
    await page.getByText(v.state['6'], { exact: true }).first().waitFor();
    await reviewer.goto(`${origin}/en/#/review`);
    await reviewer.getByRole('row', { name: /Tipsy/ }).getByText(r.kind.shelfOff).waitFor();
    await reviewer.getByRole('link', { name: fill(r.queue.openOf, { app: 'Tipsy' }) }).click();
    await reviewer.getByText(fill(r.task.requestReason, { reason: 'The party is over' })).waitFor();
    await reviewer.getByRole('button', { name: r.decide.approve }).click();
    await reviewer.getByRole('dialog', { name: fill(r.decide.approveTitle, { app: 'Tipsy' }) }).getByRole('button', { name: r.decide.approve }).click();
    await decided(reviewer, r.taskState.approved);
    expect(((await (await fetch(check.replace('device-1', 'device-2'))).json()) as { update: unknown }).update).toBeNull();
    await page.reload();
    await page.getByText(v.state['10'], { exact: true }).first().waitFor();
    await page.getByText(v.create.emptyAgain).waitFor();
    // Shelf-off removes the app from the store page.
    // The visitor's page loaded again (in Russian, as the visitor chose above).
    await visitor.page.reload();
    await visitor.page.getByText(versionsRu.store.unavailable).waitFor();
    expect(await visitor.page.getByTestId('store-qr').count()).toBe(0);

    // The same screens in Russian.
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Русский' }).click();
    await page.getByRole('heading', { name: versionsRu.page.title }).waitFor();
    await page.getByText(versionsRu.state['10'], { exact: true }).first().waitFor();
    await screenshot(page, 'version-removed-ru');
    // A new version to release it again, prefilled from the last one released.
    await page.getByRole('button', { name: versionsRu.create.button }).click();
    await page.getByText(versionsRu.state['7'], { exact: true }).first().waitFor();
    await page.getByText(versionsRu.listing.complete).first().waitFor();
    await screenshot(page, 'version-draft-ru');
    await reviewer.getByRole('button', { name: 'Language' }).click();
    await reviewer.getByRole('menuitem', { name: 'Русский' }).click();
    await reviewer.goto(`${origin}/en/#/review`);
    await reviewer.getByRole('heading', { name: reviewRu.queue.title }).waitFor();
    await reviewer.getByText(reviewRu.queue.empty).waitFor();
    await reviewer.getByText(reviewRu.state.approved).click();
    await reviewer.getByRole('row', { name: /Tipsy/ }).first().waitFor();
    await screenshot(reviewer, 'review-queue-ru');
    await reviewer.getByRole('link', { name: fill(reviewRu.queue.openOf, { app: 'Tipsy' }) }).last().click();
    await reviewer.getByRole('heading', { name: 'Tipsy' }).waitFor();
    await screenshot(reviewer, 'review-task-ru');

    expect(dev.problems).toEqual([]);
    expect(rev.problems).toEqual([]);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
    await dev.context.close();
    await rev.context.close();
  }, 240_000);
});
