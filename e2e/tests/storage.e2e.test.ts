import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, onTestFailed } from 'vitest';
import { createClient, memoryStore, WharfError } from '@wharf/client';
import { getStorage } from '@wharf/client/cloud-storage';
import appsEn from '../../apps/web/src/features/apps/locales/en.json';
import usersEn from '../../apps/web/src/features/app-users/locales/en.json';
import s from '../../apps/web/src/features/storage/locales/en.json';
import { browserAvailability } from '../support/browser';
import { openPage, ownData, screenshot, type Person } from '../support/console';
import { fill, journeyEnvironment } from '../support/journey';
import { newDeveloperWithBareApp } from '../support/publishing';

// Cloud Storage as a new developer meets it: turned on from the project's menu, a 20 MB
// file uploaded with its progress bar, a picture previewed, a shared link that downloads
// the same bytes; then the rules changed in the editor, and two devices under them: each
// user writes only their own folder, and everyone reads what the new rule opens.

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'sam.storage@example.com', password: 'storage correct horse', displayName: 'Sam Storage', country: 'Germany' };

describe.skipIf(!chromium.available)('Cloud Storage in the browser (Chromium)', () => {
  const env = journeyEnvironment({ DEMO_SEED: 'off' });

  it('turns storage on, uploads with progress, previews, shares a link, and holds devices to the rules', async () => {
    const { browser, server } = env;
    const origin = server.address;
    const reachable = (url: string) => url.replace('usercontent.localhost', '127.0.0.1');
    const { page, context } = await openPage(browser);
    onTestFailed(async () => screenshot(page, 'storage-failure').catch(() => undefined));

    const { projectId } = await newDeveloperWithBareApp(page, origin, developer, { project: 'Photos', name: 'Snapshot', packageName: 'com.snapshot.photos' });
    const sdk = page.locator('.ant-card', { hasText: appsEn.client.title });
    const [download] = await Promise.all([page.waitForEvent('download'), sdk.getByRole('button', { name: appsEn.client.download }).click()]);
    const config = await readFile((await download.path())!, 'utf8');
    await page.goto(`${origin}/en/#/projects/${projectId}/settings`);
    await page.getByRole('menuitem', { name: 'Auth Service' }).click();
    await page.getByRole('switch', { name: usersEn.methods.anonymous.name }).click();
    await page.getByText(fill(usersEn.methods.turnedOn, { method: usersEn.methods.anonymous.name })).waitFor();

    // From the project's menu: off, with what turning it on gives.
    await page.getByRole('menuitem', { name: 'Cloud Storage' }).click();
    await page.getByRole('heading', { name: s.page.title }).waitFor();
    await page.getByText(s.off.text).waitFor();
    await page.getByRole('button', { name: s.off.enable }).click();
    await page.getByText(s.files.empty).waitFor();
    const bucket = (await page.getByText(/^wharf-[0-9a-f]{8}-[0-9a-f]{8} \(default\)$/).first().textContent())!.split(' ')[0]!;

    // 20 MB with a bar that moves, then the file in the list.
    const big = randomBytes(20 * 1024 * 1024);
    const bigFile = path.join(os.tmpdir(), `video-${process.pid}.bin`);
    await writeFile(bigFile, big);
    await page.locator('input[type=file]').setInputFiles(bigFile);
    const bar = page.getByRole('progressbar', { name: fill(s.upload.progress, { name: path.basename(bigFile) }) });
    await bar.waitFor();
    await screenshot(page, 'storage-uploading');
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 60_000 }).toBe('100');
    await page.getByRole('cell', { name: path.basename(bigFile) }).waitFor();

    // A picture, previewed through its thumbnail.
    const picture = path.join(os.tmpdir(), `beach-${process.pid}.png`);
    await writeFile(picture, await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1e90ff' } }).png().toBuffer());
    await page.locator('input[type=file]').setInputFiles(picture);
    const pictureRow = page.getByRole('row', { name: new RegExp(path.basename(picture)) });
    await pictureRow.getByRole('button', { name: s.actions.preview }).click();
    const image = page.getByRole('dialog').getByRole('img', { name: path.basename(picture) });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1024);
    ownData(page, developer.displayName, 'Photos', 'Snapshot', bucket);
    await screenshot(page, 'storage-preview');
    await page.keyboard.press('Escape');

    // A link for a day: it downloads the same bytes, without signing in.
    await page.getByRole('row', { name: new RegExp(path.basename(bigFile)) }).getByRole('button', { name: s.actions.link }).click();
    const linkDialog = page.getByRole('dialog', { name: s.link.title });
    await linkDialog.getByText(s.link.for['86400']).click();
    await linkDialog.getByRole('button', { name: s.link.make }).click();
    const url = await linkDialog.getByLabel(s.link.url).inputValue();
    expect(url.startsWith(server.userContentOrigin)).toBe(true);
    const fetched = Buffer.from(await (await fetch(reachable(url))).arrayBuffer());
    expect(fetched.equals(big)).toBe(true);
    await page.keyboard.press('Escape');

    // An SVG with a script, opened by its link: the browser downloads it and runs nothing.
    const svg = path.join(os.tmpdir(), `logo-${process.pid}.svg`);
    await writeFile(svg, '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>');
    await page.locator('input[type=file]').setInputFiles(svg);
    await page.getByRole('row', { name: new RegExp(path.basename(svg)) }).getByRole('button', { name: s.actions.link }).click();
    await page.getByRole('dialog', { name: s.link.title }).getByRole('button', { name: s.link.make }).click();
    const svgUrl = await page.getByRole('dialog', { name: s.link.title }).getByLabel(s.link.url).inputValue();
    await page.keyboard.press('Escape');
    const tab = await context.newPage();
    let dialogs = 0;
    tab.on('dialog', (d) => void ((dialogs += 1), d.dismiss()));
    const [saved] = await Promise.all([tab.waitForEvent('download'), tab.goto(svgUrl).catch(() => undefined)]);
    expect(saved.suggestedFilename()).toBe(path.basename(svg));
    expect(dialogs).toBe(0);
    await tab.close();

    // The rules: everyone may read users' folders now; writing stays the owner's.
    await page.getByRole('tab', { name: s.tabs.rules }).click();
    const read = page.getByLabel(fill(s.rules.exprOf, { n: 1, op: s.rules.op.read }));
    await read.fill('uid = 1');
    const problem = fill(s.rules.problem, { n: 1, where: s.rules.op.read, what: s.rules.code.syntax, detail: '' }).split(' (')[0]!;
    await page.getByRole('alert').filter({ hasText: problem }).waitFor();
    expect(await page.getByRole('button', { name: s.rules.save }).isDisabled()).toBe(true);
    await read.fill('true');
    await page.getByLabel(s.simulator.path, { exact: true }).fill('users/ada/photo.png');
    await page.getByLabel('auth.uid', { exact: true }).fill('bob');
    await page.getByRole('status').getByText(s.simulator.refused).waitFor();
    await screenshot(page, 'storage-rules');
    await page.getByRole('button', { name: s.rules.save }).click();
    await page.getByRole('button', { name: s.rules.save }).and(page.locator('[disabled]')).waitFor();

    // Two devices under the saved rules.
    const device = async () => {
      const wharf = createClient(config, { store: memoryStore() });
      const user = await wharf.auth.signInAnonymously();
      return { storage: getStorage(wharf, { bucket, baseUrl: reachable(`${server.userContentOrigin}/storage/v0`) }), uid: user.appUserId };
    };
    const [a, b] = [await device(), await device()];
    const written = await a.storage.upload(`users/${a.uid}/hello.txt`, new TextEncoder().encode('hello from A'), { contentType: 'text/plain' });
    expect(written.owner).toBe(a.uid);
    const refused = await b.storage.upload(`users/${a.uid}/intruder.txt`, new TextEncoder().encode('B was here')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WharfError);
    expect((refused as WharfError).status).toBe(403);
    expect(new TextDecoder().decode(await b.storage.download(`users/${a.uid}/hello.txt`))).toBe('hello from A');

    // The console shows A's folder.
    await page.getByRole('tab', { name: s.tabs.files }).click();
    await page.getByText('📁 users/').click();
    await page.getByText(`📁 ${a.uid}/`).click();
    await page.getByRole('cell', { name: 'hello.txt' }).waitFor();
    await screenshot(page, 'storage-files');
  });
});
