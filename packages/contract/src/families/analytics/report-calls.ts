import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { refused } from '../../kit/field-errors';
import { analyticsExport, EXPORT_FORMATS, industryIndicator, reportDefinition, reportTemplate, reportTemplateInput } from './report-schemas';
import { appQuery, day } from './schemas';

/** The console's report calls: templates people save and share, and the exports made from them. */
const PREFIX = 'rs/harmony-report/v1';
const READ = 'app:analytics.read';

const templateQuery = appQuery.extend({ templateId: z.uuid() });
const exportQuery = appQuery.extend({ exportId: z.uuid() });

export const listReportTemplates = defineEndpoint({
  id: 'analytics.reportTemplates',
  method: 'GET',
  prefix: PREFIX,
  path: '/report-templates',
  access: READ,
  summary: "The app's report templates the caller sees: their own and those shared with the team",
  query: appQuery,
  response: okResponse({ templates: z.array(reportTemplate) }),
});

export const createReportTemplate = defineEndpoint({
  id: 'analytics.createReportTemplate',
  method: 'POST',
  prefix: PREFIX,
  path: '/report-templates',
  access: READ,
  summary: 'Save a report as a template: its rows, columns, range, file format, schedule and whether the team sees it',
  query: appQuery,
  body: reportTemplateInput,
  response: okResponse({ template: reportTemplate }),
});

export const updateReportTemplate = defineEndpoint({
  id: 'analytics.updateReportTemplate',
  method: 'PUT',
  prefix: PREFIX,
  path: '/report-templates',
  access: READ,
  summary: 'Change a template (its owner, or for a shared one anyone who manages the app)',
  query: templateQuery,
  body: reportTemplateInput,
  response: okResponse({ template: reportTemplate }),
});

export const deleteReportTemplate = defineEndpoint({
  id: 'analytics.deleteReportTemplate',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/report-templates',
  access: READ,
  summary: 'Delete a template (its owner, or for a shared one anyone who manages the app); its exports stay until they expire',
  query: templateQuery,
  response: okResponse({}),
});

export const createAnalyticsExport = defineEndpoint({
  id: 'analytics.createExport',
  method: 'POST',
  prefix: PREFIX,
  path: '/exports',
  access: READ,
  summary: 'Start an export of a report over a range of days, as CSV or XLSX, made in the background: from a template, or from a definition given here',
  query: appQuery,
  body: z
    .object({
      templateId: z.uuid().optional(),
      name: z.string().trim().min(1).max(64).optional(),
      definition: reportDefinition.optional(),
      from: day,
      to: day,
      format: z.enum(EXPORT_FORMATS),
    })
    .refine((b) => (b.templateId === undefined) === (b.definition !== undefined && b.name !== undefined), refused('templateOrDefinition', ['templateId'])),
  response: okResponse({ export: analyticsExport }),
});

export const listAnalyticsExports = defineEndpoint({
  id: 'analytics.exports',
  method: 'GET',
  prefix: PREFIX,
  path: '/exports',
  access: READ,
  summary: "The caller's exports of the app not yet expired, newest first, with their progress",
  query: appQuery,
  response: okResponse({ exports: z.array(analyticsExport) }),
});

export const downloadAnalyticsExport = defineEndpoint({
  id: 'analytics.exportFile',
  method: 'GET',
  prefix: PREFIX,
  path: '/exports/file',
  access: READ,
  summary: 'The file of a finished export (the caller’s own), as an attachment',
  query: exportQuery,
  response: okResponse({}),
});

export const analyticsIndustry = defineEndpoint({
  id: 'analytics.industry',
  method: 'GET',
  prefix: PREFIX,
  path: '/industry',
  access: READ,
  summary: "The app against the other apps of the deployment in its category (and kind): the quartiles of average daily active users, day-1 retention and session length; withheld for fewer than 5 apps with data, or when one app has more than half the active users",
  query: appQuery.extend({ from: day, to: day }),
  response: okResponse({
    category: z.string(),
    kindId: z.string().nullable(),
    /** Apps of the bucket with any active user in the range, this one included. */
    apps: z.number().int(),
    withheld: z.enum(['tooFewApps', 'oneAppDominates']).nullable(),
    indicators: z.array(industryIndicator),
  }),
});
