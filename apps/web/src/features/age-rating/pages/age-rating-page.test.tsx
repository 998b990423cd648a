import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ageRatingApi, appApi, projectApi, versionApi, type AgeRatingTask, type AppAgeRating } from '@wharf/contract';
import { ageRatings, NO_CONTENT } from '@wharf/rules';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { app, APP_ID, project } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies, TEAM_ID } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// The age-rating page and the reviewers' tab, with the real providers, router and antd;
// the request layer is replaced at its boundary.

const OK = { code: 0, msg: 'success' };
const TASK_ID = 'abababab-abab-4bab-8bab-abababababab';
const violent = { ...NO_CONTENT, violence: 'realistic' as const, userInteraction: true };
type Handler = (o: { params?: unknown; body?: unknown; query?: unknown }) => unknown;

function rating(over: Partial<AppAgeRating> = {}): AppAgeRating {
  return { appId: APP_ID, current: null, pending: null, rejection: null, changesNeedReview: false, updatedAt: null, ...over };
}

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...shellHandlers({ me: { operatorRoles: ['reviewer'] } }),
    [projectApi.getProject.id]: () => ({ ret: OK, project: project() }),
    [appApi.getApp.id]: () => ({ ret: OK, app: app() }),
    [versionApi.reviewTaskQueue.id]: () => ({ ret: OK, items: [], nextCursor: null }),
    ...over,
  };
}

const choose = (question: string, option: string) => fireEvent.click(within(screen.getByRole('radiogroup', { name: question })).getByLabelText(option));

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  localStorage.clear();
});

describe('Age rating page', () => {
  it('answers the questionnaire, shows every authority’s rating as the answers change, and saves before the first release', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [ageRatingApi.getAgeRating.id]: () => ({ ret: OK, rating: rating() }),
        [ageRatingApi.saveAgeRating.id]: ({ body }) => ({ ret: OK, rating: rating({ current: { age: '16+', answers: (body as { answers: typeof violent }).answers, ratings: ageRatings(violent) } }), taskId: null }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/age-rating`);
    expect(await screen.findByText('Age rating', { selector: 'h2' })).toBeTruthy();
    expect(screen.getByText('No age rating declared yet: answer the questionnaire below.')).toBeTruthy();
    expect(screen.getByText('Questions left to answer: 6')).toBeTruthy();
    const save = () => screen.getByText('Save answers', { selector: 'button span' }).closest('button') as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    choose('Violence', 'Realistic violence against humans');
    for (const q of ['Fear', 'Sexuality and nudity', 'Gambling', 'Bad language', 'Alcohol, tobacco and drugs']) choose(q, 'None');
    fireEvent.click(screen.getByRole('switch', { name: 'Users interact' }));
    const result = screen.getByTestId('age-result');
    expect(within(result).getByText('PEGI 16')).toBeTruthy();
    expect(within(result).getByText('ESRB M')).toBeTruthy();
    expect(within(result).getByText('USK 16')).toBeTruthy();
    expect(within(result).getByText('RU 16+')).toBeTruthy();
    expect(within(result).getByText('Set by: Violence')).toBeTruthy();
    // Kept on this device until saved.
    expect(JSON.parse(localStorage.getItem(`wharf.ageAnswers.${APP_ID}`)!)).toMatchObject({ violence: 'realistic', userInteraction: true });
    fireEvent.click(save());
    await waitFor(() => expect(callsTo(callEndpoint, ageRatingApi.saveAgeRating)).toHaveLength(1));
    expect(callsTo(callEndpoint, ageRatingApi.saveAgeRating)[0]!.body).toEqual({ appId: APP_ID, answers: violent });
    await waitFor(() => expect(localStorage.getItem(`wharf.ageAnswers.${APP_ID}`)).toBeNull());
  });

  it('after release: the change waiting for review in Russian, and taking it back', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [ageRatingApi.getAgeRating.id]: () => ({
          ret: OK,
          rating: rating({ changesNeedReview: true, current: { age: '3+', answers: NO_CONTENT, ratings: ageRatings(NO_CONTENT) }, pending: { age: '16+', answers: violent, ratings: ageRatings(violent), taskId: TASK_ID, submittedAt: '2026-03-09T10:00:00.000Z' } }),
        }),
        [ageRatingApi.cancelAgeRating.id]: () => ({ ret: OK, rating: rating({ changesNeedReview: true }) }),
      }),
    );
    renderApp('ru', `#/apps/${APP_ID}/age-rating`);
    expect(await screen.findByText(/Изменение на 16\+ ждёт проверки/)).toBeTruthy();
    expect(within(screen.getByTestId('age-in-effect')).getByText('PEGI 3')).toBeTruthy();
    expect(screen.getByText('Отправить на проверку', { selector: 'button span' })).toBeTruthy();
    fireEvent.click(screen.getByText('Отозвать', { selector: 'button span' }));
    fireEvent.click(await screen.findByText('OK', { selector: 'button span' }));
    await waitFor(() => expect(callsTo(callEndpoint, ageRatingApi.cancelAgeRating)).toHaveLength(1));
    expect(callsTo(callEndpoint, ageRatingApi.cancelAgeRating)[0]!.body).toEqual({ appId: APP_ID });
  });

  it('the reviewers’ tab shows what was in effect and what is asked, in Chinese, and approves', async () => {
    const task: AgeRatingTask = { taskId: TASK_ID, appId: APP_ID, appName: 'Field Notes', packageName: 'com.example.fieldnotes', teamId: TEAM_ID, state: 'open', declaration: { age: '16+', answers: violent, ratings: ageRatings(violent) }, previous: { age: '3+', answers: null, ratings: null }, submittedAt: '2026-03-09T10:00:00.000Z', reviewerId: null, decidedAt: null, comment: null };
    answerCalls(
      callEndpoint,
      handlers({
        [ageRatingApi.ageRatingReviewQueue.id]: () => ({ ret: OK, items: [task], nextCursor: null }),
        [ageRatingApi.decideAgeRatingReview.id]: () => ({ ret: OK, task: { ...task, state: 'approved' } }),
      }),
    );
    renderApp('cn', '#/review');
    fireEvent.click(await screen.findByRole('tab', { name: '年龄分级' }));
    expect(await screen.findByText('Field Notes')).toBeTruthy();
    expect(screen.getByText('PEGI 16')).toBeTruthy();
    expect(screen.getByText('单一年龄，未填写问卷声明')).toBeTruthy();
    fireEvent.click(screen.getByText('通 过', { selector: 'button span' }));
    await waitFor(() => expect(callsTo(callEndpoint, ageRatingApi.decideAgeRatingReview)).toHaveLength(1));
    expect(callsTo(callEndpoint, ageRatingApi.decideAgeRatingReview)[0]!.body).toEqual({ taskId: TASK_ID, decision: 'approve' });
  });
});
