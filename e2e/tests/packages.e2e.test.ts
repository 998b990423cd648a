import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import appsEn from '../../apps/web/src/features/apps/locales/en.json';
import appsRu from '../../apps/web/src/features/apps/locales/ru.json';
import cn from '../../apps/web/src/app/locales/cn.json';
import packagesCn from '../../apps/web/src/features/packages/locales/cn.json';
import packagesEn from '../../apps/web/src/features/packages/locales/en.json';
import packagesRu from '../../apps/web/src/features/packages/locales/ru.json';
import projectsEn from '../../apps/web/src/features/projects/locales/en.json';
import projectsRu from '../../apps/web/src/features/projects/locales/ru.json';
import { REAL_APK, realApkPath } from '@wharf/parsers/test-kit';
import { browserAvailability } from '../support/browser';
import { fill, journeyEnvironment } from '../support/journey';
import { en, fillSignUp, openPage, ownData, screenshot, type Person } from '../support/console';
import { journeyApk } from '../support/packages';

// Projects, apps and packages as a developer uses them, in Chromium against the real
// server (background parsing on) and the built console: sign up, create a project and an
// app (a live check refuses a bad package name first), upload a real APK over a slow
// connection (the bar shows bytes sent and speed), read its parsed facts and icon, then
// upload another app's package and read why it was refused. (Resuming after a dropped
// connection is tested against the real server in apps/web/src/upload.)

const chromium = browserAvailability();
// A signed release build of another app (com.dhruv.tipsy), built here.
const OTHER_APPS_PACKAGE = journeyApk({ packageName: 'com.dhruv.tipsy', versionCode: 1, versionName: '1.0', label: 'Tipsy' }).path;

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'dev@example.com', password: 'dev correct horse', displayName: 'Dana Developer', country: 'Germany' };
const p = projectsEn;
const a = appsEn;
const k = packagesEn;

describe.skipIf(!chromium.available)('projects, apps and packages in the browser (Chromium)', () => {
  const env = journeyEnvironment({ WHARF_JOBS: 'on' });
  let apk: { path: string } | { skip: string };

  beforeAll(async () => {
    apk = await realApkPath();
  });

  /** The values the progress bar showed while the upload ran. */
  async function watchProgress(page: Page, midway: () => Promise<void>): Promise<number[]> {
    const seen: number[] = [];
    let looked = false;
    const bar = page.getByRole('progressbar', { name: k.upload.progressLabel });
    await bar.waitFor();
    for (let i = 0; i < 600; i += 1) {
      const value = Number(await bar.getAttribute('aria-valuenow'));
      if (seen.at(-1) !== value) seen.push(value);
      if (value >= 100) break;
      if (!looked && value >= 20) {
        looked = true;
        await midway();
      }
      await page.waitForTimeout(50);
    }
    return seen;
  }

  it('creates a project and an app, uploads an APK watching its progress, sees its facts and icon, and a refused package of another app', async (ctx) => {
    const { browser, server } = env;
    if ('skip' in apk) return ctx.skip(apk.skip);
    const origin = server.address;
    const { context, page, problems } = await openPage(browser);
    ownData(page, developer.displayName, 'Field tools', REAL_APK.facts.label, 'tipsy Tipsy', 'path' in apk ? path.basename(apk.path) : '');

    // Signed out, My projects asks to sign in; a new developer signs up and comes back.
    await page.goto(`${origin}/en/#/projects`);
    await page.getByRole('link', { name: en.accounts.signIn.register }).click();
    await fillSignUp(page, developer);
    await page.getByRole('button', { name: en.accounts.signUp.submit }).click();
    await page.getByRole('heading', { name: p.list.title }).waitFor();
    await page.getByText(p.list.empty).waitFor();
    await screenshot(page, 'projects-empty');

    // Create a project in a data location.
    await page.getByRole('button', { name: p.list.create }).first().click();
    const createProject = page.getByRole('dialog', { name: p.form.createTitle });
    await createProject.getByLabel(p.fields.name).fill('Field tools');
    await createProject.getByText(p.form.dataLocationHint).waitFor();
    await page.waitForTimeout(500); // the dialog's opening animation
    await screenshot(page, 'projects-create');
    await createProject.getByRole('button', { name: p.actions.create }).click();
    await page.getByRole('heading', { name: p.settings.title }).waitFor();
    await page.getByText(a.projectApps.empty).waitFor();

    // Add an app: the live check refuses a bad package name, in words, as it is typed.
    await page.getByRole('button', { name: a.projectApps.add }).first().click();
    const createApp = page.getByRole('dialog', { name: a.create.title });
    await createApp.getByLabel(a.fields.name).fill(REAL_APK.facts.label);
    await createApp.getByLabel(a.fields.packageName).fill('settings.app');
    await createApp.getByText(a.check.packageName.format).waitFor();
    await screenshot(page, 'apps-create-refused');
    await createApp.getByLabel(a.fields.packageName).fill(REAL_APK.facts.packageName);
    await createApp.getByText(a.check.packageName.format).waitFor({ state: 'detached' });
    await createApp.locator('.ant-form-item-has-success').filter({ has: page.getByLabel(a.fields.packageName) }).waitFor();
    await createApp.getByRole('button', { name: a.actions.create }).click();
    await page.getByRole('heading', { name: a.info.title }).waitFor();
    await page.getByText(REAL_APK.facts.packageName, { exact: true }).first().waitFor();
    await screenshot(page, 'apps-info');
    const appId = /#\/apps\/([\w-]+)\/info/.exec(page.url())?.[1];
    expect(appId).toBeTruthy();

    // Package management, from the app's menu.
    await page.getByRole('menuitem', { name: k.page.title }).click();
    await page.getByRole('heading', { name: k.page.title }).waitFor();
    await page.getByText(k.list.empty).waitFor();

    // Upload the APK over a slow connection: the bar moves with the bytes sent, then the
    // package is checked.
    const cdp = await context.newCDPSession(page);
    const slow = { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 };
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', slow);
    await page.locator('input[type=file]').setInputFiles(apk.path);
    await page.getByText(path.basename(apk.path), { exact: true }).waitFor();
    const bar = page.getByRole('progressbar', { name: k.upload.progressLabel });
    const seen = await watchProgress(page, async () => {
      await page.getByText(/^\d+\.\d\d (KB|MB) of 2\.93 MB$/).waitFor();
      await page.getByText(/^\d+\.\d\d KB\/s$/).waitFor();
      await screenshot(page, 'packages-uploading');
    });
    expect(seen.filter((v) => v > 0 && v < 100).length).toBeGreaterThan(2);
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');

    // The parsed facts: package name, versions, SDK levels, certificate, permissions, icon.
    // Appium's settings APK is a debug build, which the store refuses (999), facts shown.
    const details = page.locator('.ant-table-expanded-row');
    await details.getByText(fill(k.details.failedWithCode, { reason: k.reasons.debugBuild, code: 999 })).waitFor({ timeout: 30_000 });
    await details.getByText(REAL_APK.facts.packageName, { exact: true }).waitFor();
    await details.getByRole('cell', { name: String(REAL_APK.facts.versionCode), exact: true }).waitFor();
    await details.getByRole('cell', { name: REAL_APK.facts.versionName, exact: true }).waitFor();
    await details.getByRole('cell', { name: String(REAL_APK.facts.minSdk), exact: true }).waitFor();
    await details.getByRole('cell', { name: String(REAL_APK.facts.targetSdk), exact: true }).waitFor();
    const fingerprint = REAL_APK.facts.certificateSha256.toUpperCase().match(/.{2}/g)!.join(':');
    await details.getByText(fingerprint).waitFor();
    await details.getByText(fill(k.details.permissions, { count: REAL_APK.facts.permissionCount })).waitFor();
    const icon = details.getByRole('img', { name: fill(k.details.iconOf, { name: REAL_APK.facts.label }) });
    await icon.waitFor();
    // The icon is the one parsed from the package, served by a signed download URL.
    // A function, not a string: a string is evaluated with eval, which the console's CSP refuses once it has to poll.
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.ant-table-expanded-row img')].some((img) => img.naturalWidth > 0));
    await page.getByRole('row', { name: new RegExp(k.state.failed) }).first().waitFor();
    await screenshot(page, 'packages-parsed');

    // Another app's package: refused, the reason in words (992).
    await page.getByRole('button', { name: k.upload.dismiss }).click();
    await page.locator('input[type=file]').setInputFiles(OTHER_APPS_PACKAGE);
    await page.getByText(fill(k.details.failedWithCode, { reason: k.reasons.packageNameMismatch, code: 992 })).waitFor({ timeout: 30_000 });
    await page.getByText('com.dhruv.tipsy', { exact: true }).first().waitFor();
    expect(await page.locator('tr.ant-table-row').count()).toBe(2);
    await screenshot(page, 'packages-refused');

    // The same screens in Russian, from the header's language menu.
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Русский' }).click();
    await page.getByRole('heading', { name: packagesRu.page.title }).waitFor();
    await page.getByText(fill(packagesRu.details.failedWithCode, { reason: packagesRu.reasons.packageNameMismatch, code: 992 })).waitFor();
    await screenshot(page, 'packages-ru');
    await page.goto(`${origin}/en/#/apps/${appId}/info`);
    await page.getByRole('heading', { name: appsRu.info.title }).waitFor();
    await page.getByText(appsRu.info.packageNameLocked).waitFor({ state: 'detached' });
    await screenshot(page, 'apps-info-ru');
    await page.goto(`${origin}/en/#/apps`);
    await page.getByRole('heading', { name: appsRu.list.title }).waitFor();
    await page.getByText(REAL_APK.facts.label).first().waitFor();
    await screenshot(page, 'apps-ru');
    await page.goto(`${origin}/en/#/projects`);
    await page.getByRole('heading', { name: projectsRu.list.title }).waitFor();
    await page.getByText('Field tools').waitFor();
    await screenshot(page, 'projects-ru');
    await page.getByRole('button', { name: fill(projectsRu.list.settingsOf, { name: 'Field tools' }) }).click();
    await page.getByRole('heading', { name: projectsRu.settings.title }).waitFor();
    await page.getByText(REAL_APK.facts.label).first().waitFor();
    await screenshot(page, 'project-settings-ru');

    // And in Chinese.
    await page.getByRole('button', { name: 'Язык' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.goto(`${origin}/en/#/apps/${appId}/packages`);
    await page.getByRole('heading', { name: packagesCn.page.title }).waitFor();
    await page.getByText(fill(packagesCn.details.failedWithCode, { reason: packagesCn.reasons.packageNameMismatch, code: 992 })).waitFor();
    await screenshot(page, 'packages-cn');
    // Home's services inside an app lead back into the app last worked in.
    await page.getByRole('menuitem', { name: cn.nav.home }).click();
    await page.getByRole('link', { name: `软件包管理 · ${fill(cn.home.services.inNamedApp, { name: REAL_APK.facts.label })}` }).click();
    await page.getByRole('heading', { name: packagesCn.page.title }).waitFor();
    expect(page.url()).toContain(`#/apps/${appId}/packages`);

    expect(problems).toEqual([]);
    await context.close();
  });
});
