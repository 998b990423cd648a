import { describe, expect, it, onTestFailed } from 'vitest';
import qEn from '../../apps/web/src/features/questionnaires/locales/en.json';
import { buildPath, questionnairesApi } from '@wharf/contract';
import { browserAvailability } from '../support/browser';
import { consoleCall } from '../support/console-calls';
import { openPage, ownData, screenshot, type Person } from '../support/console';
import { fill, journeyEnvironment } from '../support/journey';
import { newDeveloperWithBareApp } from '../support/publishing';

// Questionnaires as their people meet them: the developer writes one whose second question
// shows only after "Rarely", publishes it; a visitor answers by its link; nineteen more
// answer; the results chart's numbers match the twenty answers.

const chromium = browserAvailability();
const developer: Person = { email: 'quinn.questions@example.com', password: 'questions correct horse', displayName: 'Quinn Questions', country: 'Germany' };
const q = qEn;

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

describe.skipIf(!chromium.available)('questionnaires (Chromium)', () => {
  const env = journeyEnvironment({ DEMO_SEED: 'off' });

  it('a questionnaire with a conditional question is answered twenty times and its chart matches', async () => {
    const { browser, server } = env;
    const origin = server.address;
    const { page, context, problems } = await openPage(browser);
    onTestFailed(async () => screenshot(page, 'questionnaires-failure').catch(() => undefined));
    const { appId } = await newDeveloperWithBareApp(page, origin, developer, { project: 'Surveys', name: 'Jotter', packageName: 'com.wharf.e2e.surveys' });

    // Grow → Questionnaires → New: a required choice, then a text shown only after "Rarely".
    await page.getByRole('menuitem', { name: q.page.title }).click();
    await page.getByRole('heading', { name: q.page.title }).waitFor();
    await page.getByRole('button', { name: q.page.new }).first().click();
    await page.getByLabel(q.editor.title, { exact: true }).fill('Jotter survey');
    await page.getByLabel(fill(q.editor.questionText, { n: 1 })).fill('How often do you use Jotter?');
    await page.getByLabel(fill(q.editor.optionN, { q: 1, n: 1 })).fill('Daily');
    await page.getByLabel(fill(q.editor.optionN, { q: 1, n: 2 })).fill('Rarely');
    await page.getByRole('switch', { name: q.editor.required }).first().click();
    await page.getByRole('button', { name: q.editor.addQuestion }).click();
    const second = page.getByTestId('question-editor').nth(1);
    await second.getByLabel(q.editor.kind).click();
    await page.locator('.ant-select-item-option-content', { hasText: q.kind.text }).click();
    await second.getByLabel(fill(q.editor.questionText, { n: 2 })).fill('What keeps you away?');
    await second.getByLabel(fill(q.editor.showIfQuestion, { n: 2 })).click();
    await page.locator('.ant-select-item-option-content', { hasText: 'How often do you use Jotter?' }).click();
    await second.getByLabel(fill(q.editor.showIfOptions, { n: 2 })).click();
    await page.locator('.ant-select-item-option-content', { hasText: 'Rarely' }).last().click();
    await page.keyboard.press('Escape');
    ownData(page, developer.displayName, 'Jotter', 'Jotter survey', 'How often do you use Jotter?', 'Daily', 'Rarely', 'What keeps you away?');
    await screenshot(page, 'questionnaire-editor');
    await page.getByRole('button', { name: q.editor.save }).click();
    await page.getByRole('row', { name: /Jotter survey/ }).getByRole('button', { name: q.actions.publish }).click();
    await page.getByRole('row', { name: /Jotter survey/ }).getByText(q.state.published).waitFor();

    // A visitor opens the link: the second question appears once "Rarely" is chosen.
    const { items } = (await consoleCall(page, context, questionnairesApi.listQuestionnaires, { query: { appId } })).body as { items: Array<{ questionnaireId: string }> };
    const id = items[0]!.questionnaireId;
    const visitor = await openPage(browser);
    await visitor.page.goto(`${origin}/en/#/questionnaire/${id}`);
    await visitor.page.getByText('Jotter survey').waitFor();
    expect(await visitor.page.getByText('What keeps you away?').count()).toBe(0);
    await visitor.page.getByLabel('Rarely').check();
    await visitor.page.getByLabel('What keeps you away?').fill('Syncing is slow');
    await visitor.page.getByRole('button', { name: q.answer.submit }).click();
    await visitor.page.getByText(q.answer.thanks).waitFor();

    // Nineteen more, as other people's browsers send them: thirteen daily, six rarely.
    for (let i = 0; i < 19; i += 1) {
      const rarely = i < 6;
      const res = await fetch(`${origin}${buildPath(questionnairesApi.answerQuestionnaire, { questionnaireId: id })}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-device-id': `browser-${i}` }, body: JSON.stringify({ respondentToken: `browser-${i}-token`, answers: rarely ? { q1: 'o2', q2: `reason ${i}` } : { q1: 'o1' } }) });
      expect(res.status).toBe(200);
    }

    // The results: twenty respondents, 13 daily and 7 rarely in the first question's chart.
    await page.getByRole('row', { name: /Jotter survey/ }).getByRole('button', { name: q.actions.results }).click();
    await page.getByText(fill(q.results.total, { count: 20 })).waitFor();
    const first = page.getByTestId('question-result').first();
    await first.getByText(fill(q.results.answered, { count: 20 })).waitFor();
    await first.getByText('Table').click();
    await expect.poll(async () => (await first.getByRole('row').allTextContents()).filter((r) => /Daily|Rarely/.test(r))).toEqual(['Daily13', 'Rarely7']);
    await page.getByTestId('question-result').nth(1).getByText('Syncing is slow').waitFor();
    ownData(page, developer.displayName, 'Jotter', 'Jotter survey', 'How often do you use Jotter?', 'Daily', 'Rarely', 'What keeps you away?', 'Syncing is slow', 'reason');
    await screenshot(page, 'questionnaire-results');
    expect(problems).toEqual([]);
    expect(visitor.problems).toEqual([]);
  });
});
