import type { FastifyInstance } from 'fastify';
import { questionnairesApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { QuestionnairesServices } from './context';

/** What respondents call: the link's page, anonymously, and apps with their client key. */
export function publicRoutes(app: FastifyInstance, { questionnaires: s }: QuestionnairesServices): void {
  registerEndpoint(app, questionnairesApi.publicQuestionnaireOf, ({ params }) => s.publicOf(params.questionnaireId));
  registerEndpoint(app, questionnairesApi.answerQuestionnaire, ({ params, body }) => s.answer(params.questionnaireId, body.respondentToken, body.answers));
  registerEndpoint(app, questionnairesApi.appQuestionnaires, ({ caller }) => s.forApp(caller));
}
