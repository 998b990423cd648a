import type { FastifyInstance } from 'fastify';
import { feedbackApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint, STREAMED } from '../../../platform/http/register';
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
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store');
    reply.send(file.body);
    return STREAMED;
  });
}
