import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appApi, projectApi, questionnairesApi, type Questionnaire } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { app, APP_ID, project } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// The questionnaires page and the public answer page, with the real providers, router and
// antd; the request layer is replaced at its boundary.

const OK = { code: 0, msg: 'success' };
const ID = 'c1c1c1c1-c1c1-4c1c-8c1c-c1c1c1c1c1c1';
type Handler = (o: { params?: unknown; body?: unknown; query?: unknown }) => unknown;
const QUESTIONS: Questionnaire['questions'] = [
  { id: 'q1', kind: 'single', title: 'How often do you use it?', required: true, options: [{ id: 'o1', label: 'Daily' }, { id: 'o2', label: 'Rarely' }], scale: null, showIf: null },
  { id: 'q2', kind: 'text', title: 'What keeps you away?', required: true, options: [], scale: null, showIf: { questionId: 'q1', optionIds: ['o2'] } },
];
function questionnaire(over: Partial<Questionnaire> = {}): Questionnaire {
  return { questionnaireId: ID, appId: APP_ID, title: 'Jotter survey', description: '', state: 'published', questions: QUESTIONS, answers: 20, createdAt: '2026-03-09T10:00:00.000Z', updatedAt: '2026-03-09T10:00:00.000Z', publishedAt: '2026-03-09T10:00:00.000Z', closedAt: null, ...over };
}
function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...shellHandlers(),
    [projectApi.getProject.id]: () => ({ ret: OK, project: project() }),
    [appApi.getApp.id]: () => ({ ret: OK, app: app() }),
    [questionnairesApi.listQuestionnaires.id]: () => ({ ret: OK, items: [] }),
    ...over,
  };
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  localStorage.clear();
});

describe('Questionnaires page', () => {
  it('writes a questionnaire with a question shown only after a chosen answer, previewed as respondents see it', async () => {
    answerCalls(callEndpoint, handlers({ [questionnairesApi.createQuestionnaire.id]: () => ({ ret: OK, questionnaire: questionnaire({ state: 'draft', answers: 0 }) }) }));
    renderApp('en', `#/apps/${APP_ID}/questionnaires`);
    fireEvent.click((await screen.findAllByText('New questionnaire', { selector: 'button span' }))[0]!);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Jotter survey' } });
    fireEvent.change(screen.getByLabelText('Text of question 1'), { target: { value: 'How often do you use it?' } });
    fireEvent.change(screen.getByLabelText('Question 1, option 1'), { target: { value: 'Daily' } });
    fireEvent.change(screen.getByLabelText('Question 1, option 2'), { target: { value: 'Rarely' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Required' }));
    fireEvent.click(screen.getByText('Add question', { selector: 'button span' }));
    const second = screen.getAllByTestId('question-editor')[1]!;
    fireEvent.mouseDown(within(second).getByLabelText('Kind'));
    fireEvent.click(await screen.findByText('Free text', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(second).getByLabelText('Text of question 2'), { target: { value: 'What keeps you away?' } });
    fireEvent.mouseDown(within(second).getByLabelText('Show question 2'));
    fireEvent.click(await screen.findByText('How often do you use it?', { selector: '.ant-select-item-option-content' }));
    fireEvent.mouseDown(await within(second).findByLabelText('Answers that show question 2'));
    fireEvent.click(await screen.findByText('Rarely', { selector: '.ant-select-item-option-content' }));
    // The preview shows the second question only once "Rarely" is chosen.
    expect(screen.queryByText('2. What keeps you away?')).toBeNull();
    fireEvent.click(screen.getAllByLabelText('Rarely').find((x) => x.getAttribute('type') === 'radio')!);
    expect(await screen.findByText('2. What keeps you away?')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(`wharf.questionnaireDraft.${APP_ID}.new`)!).title).toBe('Jotter survey');
    fireEvent.click(screen.getByText('Save draft', { selector: 'button span' }));
    await waitFor(() => expect(callsTo(callEndpoint, questionnairesApi.createQuestionnaire)).toHaveLength(1));
    expect(callsTo(callEndpoint, questionnairesApi.createQuestionnaire)[0]!.body).toMatchObject({ appId: APP_ID, title: 'Jotter survey', questions: [{ id: 'q1', kind: 'single', required: true, options: [{ label: 'Daily' }, { label: 'Rarely' }] }, { id: 'q2', kind: 'text', showIf: { questionId: 'q1', optionIds: ['o2'] } }] });
  });

  it('shows the results of each question, in Russian', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [questionnairesApi.listQuestionnaires.id]: () => ({ ret: OK, items: [questionnaire()] }),
        [questionnairesApi.questionnaireResults.id]: () => ({ ret: OK, total: 20, questions: [{ questionId: 'q1', answered: 20, options: [{ optionId: 'o1', count: 15 }, { optionId: 'o2', count: 5 }], scale: null, texts: [] }, { questionId: 'q2', answered: 5, options: [], scale: null, texts: [{ text: 'Too slow', at: '2026-03-09T10:00:00.000Z' }] }] }),
      }),
    );
    renderApp('ru', `#/apps/${APP_ID}/questionnaires?results=${ID}`);
    expect(await screen.findByText('Респондентов: 20')).toBeTruthy();
    expect(screen.getByText('Too slow')).toBeTruthy();
    expect(screen.getAllByTestId('question-result')).toHaveLength(2);
  });
});

describe('the answer page', () => {
  it('asks the conditional question only after its answer, and sends once', async () => {
    answerCalls(callEndpoint, handlers({ [questionnairesApi.publicQuestionnaireOf.id]: () => ({ ret: OK, questionnaire: questionnaire() }), [questionnairesApi.answerQuestionnaire.id]: () => ({ ret: OK }) }));
    renderApp('en', `#/questionnaire/${ID}`);
    expect(await screen.findByText('Jotter survey')).toBeTruthy();
    const send = () => screen.getByText('Send answers', { selector: 'button span' }).closest('button') as HTMLButtonElement;
    expect(send().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Rarely'));
    expect(send().disabled).toBe(true);
    fireEvent.change(await screen.findByLabelText('What keeps you away?'), { target: { value: 'Too slow' } });
    fireEvent.click(send());
    expect(await screen.findByText('Thank you! Your answers were sent.')).toBeTruthy();
    const body = callsTo(callEndpoint, questionnairesApi.answerQuestionnaire)[0]!.body as { respondentToken: string; answers: object };
    expect(body.answers).toEqual({ q1: 'o2', q2: 'Too slow' });
    expect(body.respondentToken).toBe(localStorage.getItem(`wharf.respondent.${ID}`));
  });
});
