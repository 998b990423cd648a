import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { answerValue, publicQuestionnaire, questionnaire, questionnaireInput, questionResult } from './schemas';

/** The console's questionnaires of an app. */
const PREFIX = 'cqs/v1';
const READ = 'app:app.read';
const EDIT = 'app:growth.manage';
const one = { appId: z.uuid(), questionnaireId: z.uuid() };

export const listQuestionnaires = defineEndpoint({
  id: 'questionnaires.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/questionnaire/list',
  access: READ,
  summary: "An app's questionnaires, newest first, with their answer counts",
  query: z.object({ appId: z.uuid() }),
  response: okResponse({ items: z.array(questionnaire) }),
});

export const getQuestionnaire = defineEndpoint({
  id: 'questionnaires.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/questionnaire',
  access: READ,
  summary: 'One questionnaire with its questions',
  query: z.object(one),
  response: okResponse({ questionnaire }),
});

export const createQuestionnaire = defineEndpoint({
  id: 'questionnaires.create',
  method: 'POST',
  prefix: PREFIX,
  path: '/questionnaire',
  access: EDIT,
  summary: 'A new questionnaire (a draft): title, description and questions (single or multiple choice, scale, text; required; shown only after a chosen answer)',
  body: questionnaireInput.extend({ appId: z.uuid() }),
  response: okResponse({ questionnaire }),
});

export const updateQuestionnaire = defineEndpoint({
  id: 'questionnaires.update',
  method: 'PUT',
  prefix: PREFIX,
  path: '/questionnaire',
  access: EDIT,
  summary: 'Replaces a draft’s title, description and questions; 409 once published (answers would not match)',
  body: questionnaireInput.extend(one),
  response: okResponse({ questionnaire }),
});

export const setQuestionnaireState = defineEndpoint({
  id: 'questionnaires.setState',
  method: 'PUT',
  prefix: PREFIX,
  path: '/questionnaire/state',
  access: EDIT,
  summary: 'Publishes a draft (its link and the app’s list then offer it) or closes a published one (no more answers; results stay)',
  body: z.object({ ...one, state: z.enum(['published', 'closed']) }),
  response: okResponse({ questionnaire }),
});

export const deleteQuestionnaire = defineEndpoint({
  id: 'questionnaires.delete',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/questionnaire',
  access: EDIT,
  summary: 'Deletes a draft or a closed questionnaire with its answers; 409 while published',
  query: z.object(one),
  response: okResponse({}),
});

export const questionnaireResults = defineEndpoint({
  id: 'questionnaires.results',
  method: 'GET',
  prefix: PREFIX,
  path: '/questionnaire/results',
  access: READ,
  summary: 'The answers so far per question: option counts, a scale’s counts and mean, the latest texts',
  query: z.object(one),
  response: okResponse({ total: z.number().int(), questions: z.array(questionResult) }),
});

export const exportQuestionnaire = defineEndpoint({
  id: 'questionnaires.export',
  method: 'GET',
  prefix: PREFIX,
  path: '/questionnaire/export',
  access: READ,
  summary: 'Every answer as CSV or XLSX, one row per respondent, formula-looking cells escaped, as an attachment',
  query: z.object({ ...one, format: z.enum(['csv', 'xlsx']).default('csv') }),
  response: okResponse({}),
});

/** What respondents call: the link's page (anonymous) and apps (the same calls). */
const PUBLIC = 'cqs/v1/public';

export const publicQuestionnaireOf = defineEndpoint({
  id: 'questionnaires.public',
  method: 'GET',
  prefix: PUBLIC,
  path: '/questionnaire/:questionnaireId',
  access: 'anonymous',
  summary: 'A published questionnaire for its respondents; 404 for a draft, 409 once closed',
  params: z.object({ questionnaireId: z.uuid() }),
  response: okResponse({ questionnaire: publicQuestionnaire }),
});

export const answerQuestionnaire = defineEndpoint({
  id: 'questionnaires.answer',
  method: 'POST',
  prefix: PUBLIC,
  path: '/questionnaire/:questionnaireId/answers',
  access: 'anonymous',
  rateLimit: { class: 'questionnaireAnswer', by: 'device' },
  summary: 'One respondent’s answers, once per respondent token (the page keeps one per browser; an app passes its own, such as its user’s id); 409 for a second answer',
  params: z.object({ questionnaireId: z.uuid() }),
  body: z.object({ respondentToken: z.string().trim().min(8).max(128), answers: z.record(z.string().max(32), answerValue) }),
  response: okResponse({}),
});

/** What an app lists to offer in-app, with its client key. */
export const appQuestionnaires = defineEndpoint({
  id: 'questionnaires.forApp',
  method: 'GET',
  prefix: 'cqs/v1/client',
  path: '/questionnaires',
  access: 'app-client:optional-user',
  summary: "The app's published questionnaires with their questions, to show in the app and answer through the public answer call",
  response: okResponse({ items: z.array(publicQuestionnaire) }),
});
