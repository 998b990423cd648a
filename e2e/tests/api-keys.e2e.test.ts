import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFailed } from 'vitest';
import apiClientsEn from '../../apps/web/src/features/api-clients/locales/en.json';
import reviewEn from '../../apps/web/src/features/review/locales/en.json';
import teamEn from '../../apps/web/src/features/team/locales/en.json';
import versionsEn from '../../apps/web/src/features/versions/locales/en.json';
import { versionApi } from '@wharf/contract';
import { browserAvailability } from '../support/browser';
import { submitFirstVersion } from '../support/console-calls';
import { journeyEnvironment } from '../support/journey';
import { openPage, screenshot, signIn, type Person } from '../support/console';
import { ROOT_DIR } from '../support/paths';
import { journeyApk } from '../support/packages';
import { approveInQueue, newDeveloperWithApp } from '../support/publishing';

// A team makes an API key in the console as a person would, then a CI job uses it from a
// plain HTTP client that only speaks the documented Connect API: an update in phases, which
// the console shows in review, the reviewer approves and devices get by the phased rules,
// then paused. A service account's key file drives the wharf CLI; revoking a key stops its job.

const chromium = browserAvailability();
const FIRST = journeyApk({ packageName: 'com.wharf.e2e.ci', versionCode: 1, versionName: '1.0', label: 'Cider' });
const SECOND = journeyApk({ packageName: 'com.wharf.e2e.ci', versionCode: 2, versionName: '2.0', label: 'Cider' });
const developer: Person = { email: 'casey.ci@example.com', password: 'ci correct horse', displayName: 'Casey CI', country: 'Germany' };
const t = apiClientsEn;
const r = reviewEn;
const v = versionsEn;
const run = promisify(execFile);
/** The wharf CLI as a CI job runs it: its bin, a process of its own. */
const wharf = (args: string[], env: Record<string, string>) => run(process.execPath, [path.join(ROOT_DIR, 'packages/cli/bin/wharf.mjs'), ...args], { env: { ...process.env, ...env } });
const operator = { email: 'operator@example.com', password: 'operator password' };
/** AppGallery Connect's way of writing a time. */
const agcTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+0000');

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

describe.skipIf(!chromium.available)('API keys and the Publishing API (Chromium)', () => {
  const env = journeyEnvironment({ WHARF_JOBS: 'on', DEMO_SEED: 'off' });

  it('a key made in the console publishes a phased release from a plain HTTP client, a service account drives the wharf CLI, and a revoked key stops', async () => {
    const { browser, server } = env;
    const origin = server.address;
    const { page, context, problems } = await openPage(browser);
    onTestFailed(async () => screenshot(page, 'api-keys-failure').catch(() => undefined));
    const appId = await newDeveloperWithApp(page, origin, developer, { project: 'CI', name: 'Cider', packageName: 'com.wharf.e2e.ci', packageFile: FIRST.path });
    // Version 1.0 is on shelf before CI takes over (the versions journey clicks a first release through).
    await submitFirstVersion(page, context, appId);
    const rev = await openPage(browser);
    const reviewer = rev.page;
    onTestFailed(async () => screenshot(reviewer, 'api-keys-failure-reviewer').catch(() => undefined));
    await reviewer.goto(`${origin}/en/#/login`);
    await signIn(reviewer, operator);
    await reviewer.getByRole('menuitem', { name: r.nav }).waitFor();
    await approveInQueue(reviewer, origin, 'Cider', r.kind.release);

    // Users and permissions → API keys: empty, then one API client.
    await page.goto(`${origin}/en/#/team/users`);
    await page.getByRole('tab', { name: t.tab.title }).click();
    await page.getByText(t.tab.empty).waitFor();
    await page.getByRole('button', { name: t.tab.create }).first().click();
    const create = page.getByRole('dialog', { name: t.create.title });
    await create.getByLabel(t.fields.name).fill('GitHub Actions');
    await create.getByText(t.type['api-client'], { exact: true }).click();
    await create.getByRole('button', { name: t.create.ok }).click();
    const shown = page.getByRole('dialog', { name: t.once.title.replace('{{name}}', 'GitHub Actions') });
    await shown.waitFor();
    const clientSecret = (await shown.getByTestId('client-secret').textContent())!.trim();
    const clientId = (await shown.locator('code').first().textContent())!.trim();
    expect(clientId).toMatch(/^\d{19}$/);
    expect(clientSecret).toMatch(/^[\w-]{43}$/);
    await screenshot(page, 'api-keys-created');
    await shown.getByRole('button', { name: t.once.done }).click();
    await expect(shown.isVisible()).resolves.toBe(false);

    // The CI job: nothing of the console, only the Connect API over HTTP.
    const api = `${origin}/api`;
    const tokenOf = async () => fetch(`${api}/oauth2/v1/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }) });
    const token = ((await (await tokenOf()).json()) as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}`, client_id: clientId, 'content-type': 'application/json' };
    const call = async (method: string, path: string, body?: unknown) => (await fetch(`${api}/publish/v2${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) })).json() as Promise<Record<string, unknown>>;
    const ids = await call('GET', '/appid-list?packageName=com.wharf.e2e.ci');
    expect(ids.appids).toEqual([{ key: 'com.wharf.e2e.ci', value: appId }]);
    const sha256 = createHash('sha256').update(SECOND.bytes).digest('hex');
    const { urlInfo } = (await call('GET', `/upload-url/for-obs?appId=${appId}&fileName=${SECOND.fileName}&contentLength=${SECOND.bytes.length}&sha256=${sha256}`)) as { urlInfo: { objectId: string; url: string; headers: Record<string, string> } };
    expect((await fetch(urlInfo.url, { method: 'PUT', headers: urlInfo.headers, body: new Uint8Array(SECOND.bytes) })).status).toBe(200);
    const attached = await call('PUT', `/app-file-info?appId=${appId}`, { fileType: 5, files: [{ fileName: SECOND.fileName, fileDestUrl: urlInfo.objectId }] });
    const pkgId = (attached.pkgVersion as string[])[0]!;
    let state = 1;
    for (let i = 0; i < 120 && state === 1; i += 1) {
      state = ((await call('GET', `/package/compile/status?appId=${appId}&pkgIds=${pkgId}`)).pkgStateList as Array<{ successStatus: number }>)[0]!.successStatus;
      if (state === 1) await new Promise((r) => setTimeout(r, 250));
    }
    expect(state).toBe(0);
    expect((await call('PUT', `/app-language-info?appId=${appId}`, { lang: 'en-US', appName: 'Cider', briefInfo: 'Cider from CI', appDesc: 'Made by a CI job.', newFeatures: 'Built by CI' })).ret).toEqual({ code: 0, msg: 'success' });
    expect((await call('PUT', `/app-language-info?appId=${appId}`, { lang: 'ru-RU', appName: 'Сидр', briefInfo: 'Сидр из CI', appDesc: 'Собрано заданием CI.', newFeatures: 'Собрано CI' })).ret).toMatchObject({ code: 0 });
    const info = await call('GET', `/app-info?appId=${appId}`);
    expect(info.appInfo).toMatchObject({ releaseState: 7, versionCode: 2, versionNumber: '2.0' });
    const start = new Date();
    const phased = { phasedReleaseStartTime: agcTime(new Date(start.getTime() - 60_000)), phasedReleaseEndTime: agcTime(new Date(start.getTime() + 7 * 86_400_000)), phasedReleasePercent: '10.00', phasedReleaseDescription: 'A tenth first' };
    expect((await call('POST', `/app-submit?appId=${appId}&releaseType=3`, phased)).ret).toEqual({ code: 0, msg: 'success' });

    // The console shows what the job did: version 2.0 in review, with the job's texts.
    await page.goto(`${origin}/en/#/apps/${appId}/info`);
    await page.getByRole('menuitem', { name: v.page.title }).click();
    await page.getByText(v.state['5'], { exact: true }).first().waitFor();
    await page.getByRole('tab', { name: /Russian/ }).click();
    await expect.poll(() => page.getByRole('tabpanel').getByLabel(v.listing.brief).inputValue()).toBe('Сидр из CI');
    await screenshot(page, 'api-keys-version-in-review');

    // Approved in the review queue: devices get 2.0 by the phased rules, about a tenth of them.
    await approveInQueue(reviewer, origin, 'Cider', r.kind.update);
    const check = (deviceId: string) => fetch(`${origin}${versionApi.updateCheck.fullPath}?packageName=com.wharf.e2e.ci&versionCode=0&deviceId=${deviceId}&country=DE`).then(async (res) => ((await res.json()) as { update: { versionCode: number } | null }).update?.versionCode);
    const offered = await Promise.all(Array.from({ length: 200 }, (_, i) => check(`ci-device-${i}`)));
    const newer = offered.filter((code) => code === 2).length;
    expect(newer).toBeGreaterThan(3);
    expect(newer).toBeLessThan(50);
    expect(offered.filter((code) => code === 1).length).toBe(200 - newer);

    // The job pauses the release; the console shows it paused.
    const paused = await call('PUT', `/phased-release?appId=${appId}`, { state: 'SUSPEND' });
    expect(paused.phasedReleaseInfo).toMatchObject({ state: 'SUSPEND', phasedReleasePercent: '10.00' });
    await page.reload();
    await page.getByText(v.phased.pausedHint).waitFor();
    await screenshot(page, 'api-keys-phased-paused');

    // A service account made in the console: its key file downloads, and the wharf CLI, in a
    // process of its own, resumes the release with it.
    await page.goto(`${origin}/en/#/team/users`);
    await page.getByRole('tab', { name: t.tab.title }).click();
    await page.getByRole('button', { name: t.tab.create }).first().click();
    const account = page.getByRole('dialog', { name: t.create.title });
    await account.getByLabel(t.fields.name).fill('Release train');
    await account.getByText(t.type['service-account'], { exact: true }).click();
    const downloading = page.waitForEvent('download');
    await account.getByRole('button', { name: t.create.ok }).click();
    const keyFile = path.join(os.tmpdir(), `wharf-e2e-${Date.now()}-${(await downloading).suggestedFilename()}`);
    await (await downloading).saveAs(keyFile);
    await page.getByRole('dialog', { name: t.once.title.replace('{{name}}', 'Release train') }).getByRole('button', { name: t.once.done }).click();
    const cli = { WHARF_URL: origin, WHARF_KEY_FILE: keyFile, WHARF_CONFIG: `${keyFile}.credentials` };
    const resumed = JSON.parse((await wharf(['phased', 'resume', '--package', 'com.wharf.e2e.ci', '--json'], cli)).stdout) as { state: string };
    expect(resumed).toMatchObject({ state: 'RELEASE', phasedReleasePercent: '10.00' });
    const status = JSON.parse((await wharf(['status', '--package', 'com.wharf.e2e.ci', '--json'], cli)).stdout) as { appInfo: Record<string, unknown> };
    expect(status.appInfo).toMatchObject({ releaseState: 0, versionCode: 2 });
    fs.rmSync(keyFile, { force: true });
    fs.rmSync(cli.WHARF_CONFIG, { force: true });
    await page.goto(`${origin}/en/#/apps/${appId}/info`);
    await page.getByRole('menuitem', { name: v.page.title }).click();
    await page.getByText(v.phased.states.active, { exact: true }).first().waitFor();

    // The console: the key has been used, and the audit log names it as the actor.
    await page.goto(`${origin}/en/#/team/users`);
    await page.getByRole('tab', { name: t.tab.title }).click();
    // Rows of the shown tab only (roles skip hidden ones): the audit log's rows name the key too.
    const row = page.getByRole('row').filter({ hasText: 'GitHub Actions' });
    await expect.poll(async () => (await row.textContent()) ?? '').not.toContain(t.fields.neverUsed);
    await page.getByRole('tab', { name: teamEn.tabs.audit }).click();
    await page.locator('tr', { hasText: teamEn.audit.actorKind['api-client'] }).first().waitFor();
    await screenshot(page, 'api-keys-audit');

    // Revoked in the console: the job's token and secret stop at once.
    await page.getByRole('tab', { name: t.tab.title }).click();
    await row.getByRole('button', { name: t.actions.revoke }).click();
    await page.locator('.ant-popover').getByRole('button', { name: t.actions.revoke }).click();
    await row.waitFor({ state: 'detached' });
    expect((await fetch(`${api}/publish/v2/appid-list?packageName=com.wharf.e2e.ci`, { headers })).status).toBe(401);
    expect((await tokenOf()).status).toBe(401);
    expect(problems).toEqual([]);
  }, 180_000);
});
