import type { FastifyInstance } from 'fastify';
import { feedbackApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { sendPrivateFile } from '../../../platform/http/private-file';
import { registerEndpoint } from '../../../platform/http/register';
import { feedbackCsv } from '../export';
import type { FeedbackServices } from './context';

/** The console's calls: a signed-in member's, checked against the app and the member's roles. */
export function consoleRoutes(app: FastifyInstance, { inbox, deps }: FeedbackServices): void {
  registerEndpoint(app, feedbackApi.listFeedback, ({ caller, query }) => inbox.list(caller, query));
  registerEndpoint(app, feedbackApi.getFeedback, ({ caller, query }) => inbox.get(caller, query.appId, query.feedbackId));
  registerEndpoint(app, feedbackApi.feedbackAssignees, ({ caller, query }) => inbox.assignees(caller, query.appId));
  registerEndpoint(app, feedbackApi.updateFeedback, ({ caller, body }) => inbox.update(caller, body));
  registerEndpoint(app, feedbackApi.addFeedbackNote, ({ caller, body }) => inbox.note(caller, body));
  registerEndpoint(app, feedbackApi.replyFeedback, ({ caller, body }) => inbox.reply(caller, body));
  registerEndpoint(app, feedbackApi.exportFeedback, async ({ caller, query, req, reply }) => {
    const file = await feedbackCsv(deps, caller, query, messageLanguage(req));
    return sendPrivateFile(reply, { ...file, contentType: 'text/csv; charset=utf-8' });
  });
}
