import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, questionnairesApi } from '@wharf/contract';
import { TestUser, type TestApp, createTestApp } from '../../../harness';
import { newApp } from '../../../harness/scenarios';
import { appHeaders } from '../../../platform/__tests__/matrix/builders/app-users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const QUESTIONS = [
  { id: 'uses', kind: 'single', title: 'How often do you use Jotter?', required: true, options: [{ id: 'daily', label: 'Daily' }, { id: 'rarely', label: 'Rarely' }] },
  { id: 'why', kind: 'text', title: 'What keeps you away?', required: true, showIf: { questionId: 'uses', optionIds: ['rarely'] } },
  { id: 'score', kind: 'scale', title: 'Would you recommend it?', scale: { min: 0, max: 10, minLabel: 'Never', maxLabel: 'Surely' } },
  { id: 'likes', kind: 'multiple', title: 'What do you like?', options: [{ id: 'sync', label: 'Sync' }, { id: 'ui', label: '=Looks' }] },
];

async function published() {
  const u = await TestUser.register(t);
  const { appId } = await newApp(u);
  const created = await u.call(questionnairesApi.createQuestionnaire, { body: { appId, title: 'Jotter survey', questions: QUESTIONS } });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().questionnaire.questionnaireId as string;
  expect((await u.call(questionnairesApi.setQuestionnaireState, { body: { appId, questionnaireId: id, state: 'published' } })).json().questionnaire.state).toBe('published');
  return { u, appId, id };
}
const answer = (id: string, respondentToken: string, answers: object, lang = 'en') =>
  t.app.inject({ method: 'POST', url: buildPath(questionnairesApi.answerQuestionnaire, { questionnaireId: id }), headers: { 'accept-language': lang, 'x-device-id': respondentToken }, payload: { respondentToken, answers } });

describe('questionnaires', () => {
  it('a published questionnaire is answered by link, once per respondent, and its results count each answer', async () => {
    const { u, appId, id } = await published();
    const page = await t.app.inject({ method: 'GET', url: buildPath(questionnairesApi.publicQuestionnaireOf, { questionnaireId: id }) });
    expect(page.json().questionnaire).toMatchObject({ title: 'Jotter survey', questions: [{ id: 'uses' }, { id: 'why' }, { id: 'score' }, { id: 'likes' }] });
    expect(page.json().questionnaire.answers).toBeUndefined();
    for (let i = 0; i < 20; i += 1) {
      const rarely = i % 4 === 0;
      const res = await answer(id, `respondent-${i}`, { uses: rarely ? 'rarely' : 'daily', ...(rarely ? { why: `too slow ${i}` } : {}), score: i % 11, likes: i % 2 ? ['sync'] : ['sync', 'ui'] });
      expect(res.statusCode, res.body).toBe(200);
      t.clock.advance(1000);
    }
    expect((await answer(id, 'respondent-3', { uses: 'daily' })).statusCode).toBe(409);
    const results = (await u.call(questionnairesApi.questionnaireResults, { query: { appId, questionnaireId: id } })).json();
    expect(results.total).toBe(20);
    const by = (q: string) => results.questions.find((x: { questionId: string }) => x.questionId === q);
    expect(by('uses').options).toEqual([{ optionId: 'daily', count: 15 }, { optionId: 'rarely', count: 5 }]);
    expect(by('why').answered).toBe(5);
    expect(by('why').texts[0].text).toBe('too slow 16');
    expect(by('likes').options).toEqual([{ optionId: 'sync', count: 20 }, { optionId: 'ui', count: 10 }]);
    expect(by('score').scale.counts).toHaveLength(11);
    expect(by('score').scale.mean).toBeCloseTo(Array.from({ length: 20 }, (_, i) => i % 11).reduce((a, b) => a + b, 0) / 20);
    expect((await u.call(questionnairesApi.listQuestionnaires, { query: { appId } })).json().items[0].answers).toBe(20);
    // The export: one row per respondent, labels for choices, formula-looking cells quoted.
    const csv = await u.call(questionnairesApi.exportQuestionnaire, { query: { appId, questionnaireId: id, format: 'csv' } });
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(21);
    expect(csv.body).toContain('"Sync; =Looks"');
    const xlsx = await u.call(questionnairesApi.exportQuestionnaire, { query: { appId, questionnaireId: id, format: 'xlsx' } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses a missing required answer, an answer to a hidden question and an unknown option, in the respondent’s language', async () => {
    const { id } = await published();
    const missing = await answer(id, 'respondent-r1', { uses: 'rarely' }, 'ru-RU');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().ret.msg).toContain('why');
    expect((await answer(id, 'respondent-r2', { uses: 'daily', why: 'hidden' })).statusCode).toBe(400);
    expect((await answer(id, 'respondent-r3', { uses: 'weekly' })).statusCode).toBe(400);
  });

  it('edits drafts only; a closed questionnaire takes no answers but keeps its results; drafts are not public', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const draft = (await u.call(questionnairesApi.createQuestionnaire, { body: { appId, title: 'Draft', questions: QUESTIONS } })).json().questionnaire.questionnaireId;
    expect((await t.app.inject({ method: 'GET', url: buildPath(questionnairesApi.publicQuestionnaireOf, { questionnaireId: draft }) })).statusCode).toBe(404);
    const bad = await u.call(questionnairesApi.updateQuestionnaire, { body: { appId, questionnaireId: draft, title: 'Draft', questions: [QUESTIONS[1]] } });
    expect(bad.statusCode).toBe(400);
    const { u: owner, appId: a2, id } = await published();
    expect((await owner.call(questionnairesApi.updateQuestionnaire, { body: { appId: a2, questionnaireId: id, title: 'Changed', questions: QUESTIONS } })).statusCode).toBe(409);
    expect((await answer(id, 'before-close', { uses: 'daily' })).statusCode).toBe(200);
    expect((await owner.call(questionnairesApi.setQuestionnaireState, { body: { appId: a2, questionnaireId: id, state: 'closed' } })).statusCode).toBe(200);
    expect((await answer(id, 'after-close', { uses: 'daily' })).statusCode).toBe(409);
    expect((await owner.call(questionnairesApi.questionnaireResults, { query: { appId: a2, questionnaireId: id } })).json().total).toBe(1);
    expect((await owner.call(questionnairesApi.deleteQuestionnaire, { query: { appId: a2, questionnaireId: id } })).statusCode).toBe(200);
    const { rows } = await t.deps.database.executeSql(`select action from audit_events where target_id = $1 order by action`, [id]);
    expect(rows.map((r) => (r as { action: string }).action)).toEqual(['questionnaire.close', 'questionnaire.create', 'questionnaire.delete', 'questionnaire.publish']);
  });

  it('apps list their published questionnaires with their key; another team sees none of them', async () => {
    const { u, appId, id } = await published();
    const listed = await t.app.inject({ method: 'GET', url: questionnairesApi.appQuestionnaires.fullPath, headers: await appHeaders(u, appId) });
    expect(listed.json().items.map((x: { questionnaireId: string }) => x.questionnaireId)).toEqual([id]);
    const other = await TestUser.register(t);
    expect((await other.call(questionnairesApi.questionnaireResults, { query: { appId, questionnaireId: id } })).statusCode).toBe(404);
  });
});
