import { describe, expect, it, onTestFailed } from 'vitest';
import feedbackEn from '../../apps/web/src/features/feedback/locales/en.json';
import { appApi, APP_CLIENT_HEADERS, feedbackApi } from '@wharf/contract';
import { SCREENSHOT_PNG } from '../../apps/server/src/harness/sample-bytes';
import { browserAvailability } from '../support/browser';
import { consoleCall } from '../support/console-calls';
import { openPage, ownData, screenshot, type Person } from '../support/console';
import { fill, journeyEnvironment } from '../support/journey';
import { newDeveloperWithBareApp } from '../support/publishing';

// User feedback as its people meet it: a phone sends a bug report with a screenshot from
// inside the app; the developer finds it in the app's User feedback inbox, sees the
// screenshot and the device, takes it, replies by mail (read here from the outbox) and
// marks it resolved.

const chromium = browserAvailability();
const developer: Person = { email: 'fay.feedback@example.com', password: 'feedback correct horse', displayName: 'Fay Feedback', country: 'Germany' };
const f = feedbackEn;
const REPORT = 'The app crashes when I open a note twice';
const REPLY = 'Thank you! Fixed in 1.0.4, out tomorrow.';

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

describe.skipIf(!chromium.available)('user feedback (Chromium)', () => {
  const env = journeyEnvironment({ DEMO_SEED: 'off' });

  it('a phone sends a bug report with a screenshot; the developer assigns it, replies by mail and resolves it', async () => {
    const { browser, server } = env;
    const origin = server.address;
    const { page, context, problems } = await openPage(browser);
    onTestFailed(async () => screenshot(page, 'feedback-failure').catch(() => undefined));
    const { appId } = await newDeveloperWithBareApp(page, origin, developer, { project: 'Notes', name: 'Jotter', packageName: 'com.wharf.e2e.feedback' });

    // The phone: its screenshot, then the feedback naming it, with the app's client key.
    const { client } = (await consoleCall(page, context, appApi.getAppClient, { query: { appId } })).body as { client: { clientId: string; apiKey: string } };
    const key = { [APP_CLIENT_HEADERS.clientId]: client.clientId, [APP_CLIENT_HEADERS.apiKey]: client.apiKey, 'x-device-id': 'phone-1', 'accept-language': 'en-GB' };
    const shot = await fetch(`${origin}${feedbackApi.uploadFeedbackScreenshot.fullPath}?contentType=image/png`, { method: 'POST', headers: { ...key, 'content-type': 'application/octet-stream' }, body: new Uint8Array(SCREENSHOT_PNG) });
    const { screenshotToken } = (await shot.json()) as { screenshotToken: string };
    expect(shot.status).toBe(200);
    const sent = await fetch(`${origin}${feedbackApi.submitFeedback.fullPath}`, { method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body: JSON.stringify({ text: REPORT, category: 'bug', screenshotTokens: [screenshotToken], appVersion: '1.0.3', deviceModel: 'Pixel 8', os: 'Android 15', contact: 'anna@example.com' }) });
    expect(sent.status).toBe(200);

    // Grow → User feedback: one new bug report; opened, its screenshot and device show.
    await page.getByRole('menuitem', { name: f.page.title }).click();
    await page.getByRole('heading', { name: f.page.title }).waitFor();
    await page.getByText(`${f.state.new}: 1`).waitFor();
    await page.getByTestId('feedback-item').filter({ hasText: REPORT }).click();
    const panel = page.getByTestId('feedback-panel');
    await panel.getByText('Pixel 8 · Android 15').waitFor();
    await expect.poll(() => panel.getByRole('img', { name: fill(f.detail.screenshot, { n: 1 }) }).evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);

    // Taken by the developer, answered by mail, resolved.
    await panel.getByLabel(f.detail.assignee).click();
    await page.locator('.ant-select-item-option-content', { hasText: developer.displayName }).click();
    await page.getByTestId('feedback-item').filter({ hasText: fill(f.list.assignedTo, { name: developer.displayName }) }).waitFor();
    await panel.getByRole('textbox', { name: f.composer.replyLabel, exact: true }).fill(REPLY);
    ownData(page, developer.displayName, REPORT, REPLY, 'Jotter', 'Pixel 8 · Android 15', 'anna@example.com', '1.0.3');
    await screenshot(page, 'feedback-inbox');
    await panel.getByRole('button', { name: f.composer.sendReply }).click();
    await panel.getByTestId('feedback-note').filter({ hasText: REPLY }).waitFor();
    const [mail] = await server.sql<{ subject: string; text: string }>(`select subject, text from mail_outbox where "to" = $1 and kind = 'feedback-reply'`, ['anna@example.com']);
    expect(mail?.subject).toBe('Jotter: a reply to your feedback');
    expect(mail?.text).toContain(REPLY);
    expect(mail?.text).toContain(`> ${REPORT}`);
    await panel.getByLabel(f.detail.state).click();
    await page.locator('.ant-select-item-option-content', { hasText: f.state.resolved }).click();
    await page.getByText(`${f.state.resolved}: 1`).waitFor();
    expect(problems).toEqual([]);
  });
});
