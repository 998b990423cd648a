import type { FastifyInstance } from 'fastify';
import { questionnairesApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { sendPrivateFile } from '../../../platform/http/private-file';
import { registerEndpoint } from '../../../platform/http/register';
import { answersFile, CONTENT_TYPES, fileNameOf } from '../export';
import type { QuestionnairesServices } from './context';

/** The console's calls: a signed-in member's, checked against the app and the member's roles. */
export function consoleRoutes(app: FastifyInstance, { questionnaires: s, deps }: QuestionnairesServices): void {
  registerEndpoint(app, questionnairesApi.listQuestionnaires, ({ caller, query }) => s.list(caller, query.appId));
  registerEndpoint(app, questionnairesApi.getQuestionnaire, ({ caller, query }) => s.get(caller, query.appId, query.questionnaireId));
  registerEndpoint(app, questionnairesApi.createQuestionnaire, ({ caller, body }) => s.create(caller, body.appId, body));
  registerEndpoint(app, questionnairesApi.updateQuestionnaire, ({ caller, body }) => s.update(caller, body.appId, body.questionnaireId, body));
  registerEndpoint(app, questionnairesApi.setQuestionnaireState, ({ caller, body }) => s.setState(caller, body.appId, body.questionnaireId, body.state));
  registerEndpoint(app, questionnairesApi.deleteQuestionnaire, ({ caller, query }) => s.remove(caller, query.appId, query.questionnaireId));
  registerEndpoint(app, questionnairesApi.questionnaireResults, ({ caller, query }) => s.results(caller, query.appId, query.questionnaireId));
  registerEndpoint(app, questionnairesApi.exportQuestionnaire, async ({ caller, query, req, reply }) => {
    const row = await s.found(caller, query.appId, query.questionnaireId);
    return sendPrivateFile(reply, { fileName: fileNameOf(row.title, query.format), contentType: CONTENT_TYPES[query.format], body: answersFile(deps.db, row, query.format, messageLanguage(req)) });
  });
}
