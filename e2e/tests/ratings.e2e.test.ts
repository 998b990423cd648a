import { describe, expect, it, onTestFailed } from 'vitest';
import ratingsEn from '../../apps/web/src/features/ratings/locales/en.json';
import ratingsRu from '../../apps/web/src/features/ratings/locales/ru.json';
import reviewEn from '../../apps/web/src/features/review/locales/en.json';
import ageEn from '../../apps/web/src/features/age-rating/locales/en.json';
import ageRu from '../../apps/web/src/features/age-rating/locales/ru.json';
import { appApi, APP_CLIENT_HEADERS, buildPath, ratingsApi, versionApi } from '@wharf/contract';
import { browserAvailability } from '../support/browser';
import { consoleCall, submitFirstVersion } from '../support/console-calls';
import { openPage, ownData, screenshot, signIn, type Person } from '../support/console';
import { fill, journeyEnvironment } from '../support/journey';
import { journeyApk } from '../support/packages';
import { approveInQueue, newDeveloperWithApp } from '../support/publishing';

// Ratings and reviews as their people meet them: two devices download version 1.0 of a new
// app and review it (one with two stars in Russian); the developer filters to one and two
// stars and replies; another reader marks an older good review helpful; a visitor of the
// Russian store page sees the average, the Russian reviews first with the developer's
// reply, and the helpfulness order puts the marked review first. The developer answers the
// age-rating questionnaire with realistic violence against humans: the released app's change
// goes to a reviewer, and once approved the store page shows PEGI 16.

const chromium = browserAvailability();
const PACKAGE_NAME = 'com.wharf.e2e.reviews';
const APP = journeyApk({ packageName: PACKAGE_NAME, versionCode: 1, versionName: '1.0', label: 'Cider' });
const developer: Person = { email: 'rae.reviews@example.com', password: 'reviews correct horse', displayName: 'Rae Reviews', country: 'Germany' };
const operator = { email: 'operator@example.com', password: 'operator password' };
const r = ratingsEn;
const COMPLAINT = 'Вылетает при запуске, исправьте, пожалуйста';
const PRAISE = 'Great app, syncs in a blink';
const THANKS = 'Отличное приложение, синхронизирует мгновенно';
const REPLY = 'Fixed in 1.0.1, thank you for telling us!';
const SPAM = 'Much better app at www.cheap-apps.net';

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

describe.skipIf(!chromium.available)('ratings and reviews (Chromium)', () => {
  const env = journeyEnvironment({ WHARF_JOBS: 'on', DEMO_SEED: 'off' });

  it('devices that downloaded the app review it, the developer filters and replies, and the store page shows it all in Russian', async () => {
    const { browser, server } = env;
    const origin = server.address;
    const { page, context, problems } = await openPage(browser);
    onTestFailed(async () => screenshot(page, 'ratings-failure').catch(() => undefined));

    // A released app: uploaded and submitted by its developer, approved by the reviewer.
    const appId = await newDeveloperWithApp(page, origin, developer, { project: 'Reviews', name: 'Cider', packageName: PACKAGE_NAME, packageFile: APP.path });
    const versionId = await submitFirstVersion(page, context, appId);
    const rev = await openPage(browser);
    await rev.page.goto(`${origin}/en/#/login`);
    await signIn(rev.page, operator);
    await rev.page.getByRole('menuitem', { name: reviewEn.nav }).waitFor();
    await approveInQueue(rev.page, origin, 'Cider', reviewEn.kind.release);

    // Devices download it (each gets its install token) and review it with the app's key.
    const { client } = (await consoleCall(page, context, appApi.getAppClient, { query: { appId } })).body as { client: { clientId: string; apiKey: string } };
    const key = { [APP_CLIENT_HEADERS.clientId]: client.clientId, [APP_CLIENT_HEADERS.apiKey]: client.apiKey, 'content-type': 'application/json' };
    const install = async (deviceId: string) => {
      const res = await fetch(`${origin}${buildPath(versionApi.download, { versionId })}?deviceId=${deviceId}&country=DE`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      return res.headers.get('x-install-token')!;
    };
    const write = async (deviceId: string, body: object, language: string) => {
      const res = await fetch(`${origin}${ratingsApi.submitReview.fullPath}`, { method: 'PUT', headers: { ...key, 'x-device-id': deviceId, 'accept-language': language }, body: JSON.stringify({ installToken: await install(deviceId), ...body }) });
      const answer = (await res.json()) as { ret: { code: number; msg: string }; review: { reviewId: string } };
      expect(answer.ret.code, answer.ret.msg).toBe(0);
      return answer.review.reviewId;
    };
    const thanks = await write('phone-ru-1', { rating: 5, text: THANKS }, 'ru-RU');
    await write('phone-en', { rating: 5, text: PRAISE }, 'en-US');
    await write('phone-ru-2', { rating: 2, text: COMPLAINT }, 'ru-RU');
    // A review that sends readers elsewhere waits for the platform's moderators.
    await write('phone-spam', { rating: 1, text: SPAM }, 'en-US');
    // A device that never downloaded the app cannot review it.
    const refused = await fetch(`${origin}${ratingsApi.submitReview.fullPath}`, { method: 'PUT', headers: { ...key, 'x-device-id': 'stranger' }, body: JSON.stringify({ rating: 1, text: 'fake' }) });
    expect(refused.status).toBe(403);

    // Grow → Ratings and reviews: the average and both reviews; one and two stars leave the complaint.
    await page.goto(`${origin}/en/#/apps/${appId}/info`);
    await page.getByRole('menuitem', { name: r.page.title }).click();
    await page.getByRole('heading', { name: r.page.title }).waitFor();
    await page.getByText(PRAISE).waitFor();
    // The team sees the held review and why; its numbers are the readers' (held ones left out).
    await page.getByTestId('review').filter({ hasText: SPAM }).getByText(fill(r.review.held, { why: r.moderation.flag.link })).waitFor();
    expect(await page.getByTestId('average').textContent()).toBe('4');
    // Each choice goes to the page's address (a navigation), so the box is ticked when it lands.
    for (const stars of [1, 2]) {
      const box = page.getByRole('checkbox', { name: fill(r.filters.starCount, { count: stars }) });
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    expect(page.url()).toContain('stars=1%2C2');
    // The complaint and the held spam (the team sees every review).
    await page.getByText(fill(r.list.count, { count: 2 })).waitFor();
    await expect.poll(() => page.getByText(PRAISE).count()).toBe(0);
    const card = page.getByTestId('review').filter({ hasText: COMPLAINT });
    await card.getByRole('button', { name: r.reply.write }).click();
    await card.getByLabel(r.reply.label).fill(REPLY);
    await card.getByRole('button', { name: r.reply.send }).click();
    await card.getByText(r.reply.yours).waitFor();
    await card.getByText(REPLY).waitFor();
    ownData(page, developer.displayName, PRAISE, REPLY, SPAM, 'Cider');
    await screenshot(page, 'ratings-console');

    // The moderator hides the spam, saying why, from the review console's tab of app reviews.
    await rev.page.goto(`${origin}/en/#/review`);
    await rev.page.getByRole('tab', { name: r.moderation.tab }).click();
    const spamRow = rev.page.getByRole('row').filter({ hasText: SPAM });
    await spamRow.getByText(r.moderation.flag.link).waitFor();
    await spamRow.getByLabel(r.moderation.reason).fill('Advertises another store');
    await spamRow.getByRole('button', { name: r.moderation.hide }).click();
    await rev.page.getByText(r.moderation.empty).waitFor();

    // Age rating: the questionnaire with realistic violence against humans gives PEGI 16; the
    // app is released, so the change waits for a reviewer.
    const a = ageEn;
    await page.getByRole('menuitem', { name: a.page.title }).click();
    await page.getByRole('heading', { name: a.page.title }).waitFor();
    const answer = (question: string, option: string) => page.getByRole('radiogroup', { name: question }).getByText(option, { exact: true }).click();
    await answer(a.question.violence.title, a.question.violence.realistic);
    for (const q of ['fear', 'sexuality', 'gambling', 'language', 'drugs'] as const) await answer(a.question[q].title, a.question[q].none);
    await page.getByRole('switch', { name: a.interactive.userInteraction }).click();
    const result = page.getByTestId('age-result');
    for (const label of ['PEGI 16', 'USK 16', 'ESRB M']) await result.getByText(label, { exact: true }).waitFor();
    await page.getByText(a.form.reviewHint).waitFor();
    ownData(page, 'PEGI 16', 'USK 16', 'ESRB M');
    await screenshot(page, 'age-rating-questionnaire');
    await page.getByRole('button', { name: a.actions.submit }).click();
    await page.getByRole('button', { name: a.actions.takeBack }).waitFor();

    await rev.page.getByRole('tab', { name: a.review.tab }).click();
    const ageRow = rev.page.getByRole('row').filter({ hasText: 'Cider' });
    await ageRow.getByText('PEGI 16').waitFor();
    await ageRow.getByRole('button', { name: a.review.approve }).click();
    await rev.page.getByText(a.review.empty).waitFor();
    await rev.context.close();

    // Another reader finds the older good review helpful.
    const marked = await fetch(`${origin}${buildPath(ratingsApi.voteHelpful, { reviewId: thanks })}`, { method: 'PUT', headers: { ...key, 'x-device-id': 'reader' }, body: JSON.stringify({ installToken: await install('reader'), helpful: true }) });
    expect(((await marked.json()) as { helpful: number }).helpful).toBe(1);

    // A visitor of the Russian store page: the average, the Russian review first, the reply.
    const visitor = await openPage(browser, { locale: 'ru-RU' });
    await visitor.page.goto(`${origin}/ru/#/store/${appId}`);
    const section = visitor.page.getByTestId('store-reviews');
    await section.getByText(ratingsRu.store.title).waitFor();
    await section.getByText(fill(ratingsRu.summary.count, { count: 3 })).waitFor();
    expect(await section.getByTestId('average').textContent()).toBe('4');
    // Russian first, newest first: the complaint, the thanks, then the English review; never the spam.
    await expect.poll(async () => (await section.getByTestId('store-review').allTextContents()).map((text) => [COMPLAINT, THANKS, PRAISE].find((w) => text.includes(w)))).toEqual([COMPLAINT, THANKS, PRAISE]);
    await section.getByText(ratingsRu.store.developerReply).waitFor();
    await section.getByText(REPLY).waitFor();
    await section.getByText(ratingsRu.sort.helpful).click();
    await expect.poll(() => section.getByTestId('store-review').first().textContent()).toContain(THANKS);
    const age = visitor.page.getByTestId('store-age-rating');
    await age.getByText(ageRu.store.title).waitFor();
    await age.getByText('PEGI 16', { exact: true }).waitFor();
    await age.getByText(fill(ageRu.badges.because, { list: ageRu.question.violence.title })).waitFor();
    // Pictured once its images have loaded (they are fetched after the page is drawn).
    for (const image of await visitor.page.locator('img').all()) {
      await expect.poll(() => image.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    }
    // The listing is in English only (the one submitFirstVersion writes).
    ownData(visitor.page, 'PEGI 16', 'USK 16', 'ESRB M', PRAISE, REPLY, 'Cider', 'Cider for everyone', 'Pressed apples, counted.', 'First release');
    await screenshot(visitor.page, 'ratings-store-ru');
    expect(problems).toEqual([]);
    expect(visitor.problems).toEqual([]);
  });
});
