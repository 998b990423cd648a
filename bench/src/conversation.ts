import { APP_CLIENT_HEADERS, appApi, buildPath, feedbackApi, questionnairesApi, supportApi } from '@wharf/contract';
import { load, type LoadResult } from './load';
import type { Row } from './report';
import { call } from './release';

const QUESTIONS = [
  { id: 'uses', kind: 'single', title: 'How often?', required: true, options: [{ id: 'daily', label: 'Daily' }, { id: 'rarely', label: 'Rarely' }] },
  { id: 'why', kind: 'text', title: 'Why?', showIf: { questionId: 'uses', optionIds: ['rarely'] } },
  { id: 'score', kind: 'scale', title: 'Recommend?', scale: { min: 0, max: 10, minLabel: 'No', maxLabel: 'Yes' } },
];

/**
 * What users send an app's team (issue 30), against the bare route: a device's feedback
 * (written with its audit event), the questionnaire page's read, and an answer (each with a
 * respondent token of its own); and a support ticket's thread as a member's console reads
 * it again after every live event. The limits per device are lifted for the run.
 */
export async function conversationLines(o: { base: string; headers: Record<string, string>; appId: string; label: string; baseline: LoadResult; connections: number; durationSec: number }): Promise<Row[]> {
  const client = (await call(o.base, o.headers, appApi.getAppClient, { query: { appId: o.appId } })).client as { clientId: string; apiKey: string };
  const key = { [APP_CLIENT_HEADERS.clientId]: client.clientId, [APP_CLIENT_HEADERS.apiKey]: client.apiKey, 'content-type': 'application/json', 'x-device-id': 'bench-phone' };
  const feedback = await load({
    name: `POST fms client/feedback (a device's feedback) on ${o.label}`,
    url: `${o.base}${feedbackApi.submitFeedback.fullPath}`,
    method: 'POST',
    headers: key,
    bodyOf: (n) => JSON.stringify({ text: `The app crashes when I open note ${n}`, category: 'bug', appVersion: '1.0.3', deviceModel: 'Pixel 8', os: 'Android 15', contact: 'bench@example.com' }),
    connections: o.connections,
    durationSec: o.durationSec,
  });
  const created = await call(o.base, o.headers, questionnairesApi.createQuestionnaire, { body: { appId: o.appId, title: 'Bench survey', questions: QUESTIONS } });
  const id = (created.questionnaire as { questionnaireId: string }).questionnaireId;
  await call(o.base, o.headers, questionnairesApi.setQuestionnaireState, { body: { appId: o.appId, questionnaireId: id, state: 'published' } });
  const page = await load({ name: `GET cqs public/questionnaire (the link's page) on ${o.label}`, url: `${o.base}${buildPath(questionnairesApi.publicQuestionnaireOf, { questionnaireId: id })}`, connections: o.connections, durationSec: o.durationSec });
  const answer = await load({
    name: `POST cqs public/answers (one respondent each) on ${o.label}`,
    url: `${o.base}${buildPath(questionnairesApi.answerQuestionnaire, { questionnaireId: id })}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-id': 'bench-browser' },
    bodyOf: (n) => JSON.stringify({ respondentToken: `bench-respondent-${n}`, answers: n % 3 ? { uses: 'daily', score: n % 11 } : { uses: 'rarely', why: 'Too slow', score: 3 } }),
    connections: o.connections,
    durationSec: o.durationSec,
  });
  const ticket = (await call(o.base, o.headers, supportApi.createTicket, { body: { category: 'technical', subject: 'Bench ticket', text: 'The first message', appId: o.appId } })).ticket as { ticketId: string };
  for (let i = 0; i < 9; i += 1) await call(o.base, o.headers, supportApi.replyTicket, { body: { ticketId: ticket.ticketId, text: `Message ${i + 2}` } });
  const thread = await load({
    name: `GET mysupport ticket (a 10-message thread, signed in) on ${o.label}`,
    url: `${o.base}${supportApi.getTicket.fullPath}?ticketId=${ticket.ticketId}`,
    headers: o.headers,
    connections: o.connections,
    durationSec: o.durationSec,
  });
  return [feedback, page, answer, thread].map((result) => ({ result, baseline: o.baseline }));
}
