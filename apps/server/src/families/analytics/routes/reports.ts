import type { FastifyInstance } from 'fastify';
import { analyticsApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { sendPrivateFile } from '../../../platform/http/private-file';
import { registerEndpoint } from '../../../platform/http/register';
import { CONTENT_TYPES, fileNameOf } from '../report-files';
import type { AnalyticsServices } from './context';

/** Report templates and exports. */
export function reportRoutes(app: FastifyInstance, { reports }: AnalyticsServices): void {
  registerEndpoint(app, analyticsApi.listReportTemplates, ({ caller, query }) => reports.templates(caller, query.appId));
  registerEndpoint(app, analyticsApi.createReportTemplate, ({ caller, query, body }) => reports.createTemplate(caller, query.appId, body));
  registerEndpoint(app, analyticsApi.updateReportTemplate, ({ caller, query, body }) => reports.updateTemplate(caller, query.appId, query.templateId, body));
  registerEndpoint(app, analyticsApi.deleteReportTemplate, ({ caller, query }) => reports.deleteTemplate(caller, query.appId, query.templateId));
  registerEndpoint(app, analyticsApi.createAnalyticsExport, ({ caller, query, body, req }) => reports.createExport(caller, query.appId, body, messageLanguage(req)));
  registerEndpoint(app, analyticsApi.listAnalyticsExports, ({ caller, query, req }) => reports.exports(caller, query.appId, messageLanguage(req)));
  registerEndpoint(app, analyticsApi.downloadAnalyticsExport, async ({ caller, query, reply }) => {
    const { row, body } = await reports.file(caller, query.appId, query.exportId);
    return sendPrivateFile(reply, { fileName: fileNameOf(row.name, row.fromDay, row.toDay, row.format), contentType: CONTENT_TYPES[row.format], size: row.size, body });
  });
}
