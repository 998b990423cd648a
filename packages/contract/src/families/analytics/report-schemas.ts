import { z } from 'zod';
import { refused } from '../../kit/field-errors';
import { analyticsName, day } from './schemas';

/** What a report's rows are: days, or the values of an app version, country, OS or event property. */
export const REPORT_DIMENSIONS = ['day', 'appVersion', 'country', 'os', 'property'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];
/** The columns a report can have besides the counts of chosen events. */
export const REPORT_METRICS = ['newUsers', 'activeUsers', 'sessions', 'averageSessionSeconds', 'events'] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];
/** The days a template's report covers, ending yesterday (in the app's reporting time zone). */
export const REPORT_RANGES = [7, 28, 30, 90] as const;
export const REPORT_SCHEDULES = ['off', 'daily', 'weekly', 'monthly'] as const;
export type ReportSchedule = (typeof REPORT_SCHEDULES)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

export const REPORT_LIMITS = {
  /** Events counted in columns of their own. */
  eventColumns: 10,
  /** Rows of a report split by something other than days: the largest, by active users and events. */
  rows: 1000,
  templatesPerApp: 50,
  /** An export's file is kept this many days, then deleted. */
  exportDays: 7,
} as const;

/** A report's shape: what its rows are and which columns they have. */
export const reportDefinition = z
  .object({
    dimension: z.enum(REPORT_DIMENSIONS),
    /** The property whose values are the rows, for the dimension `property`. */
    property: analyticsName.optional(),
    metrics: z
      .array(z.enum(REPORT_METRICS))
      .max(REPORT_METRICS.length)
      .transform((m) => REPORT_METRICS.filter((k) => m.includes(k))),
    /** Events whose count is a column of its own, in this order. */
    events: z
      .array(analyticsName)
      .max(REPORT_LIMITS.eventColumns)
      .transform((e) => [...new Set(e)]),
  })
  .refine((d) => d.metrics.length + d.events.length > 0, refused('reportColumns', ['metrics']))
  .refine((d) => (d.dimension === 'property') === (d.property !== undefined), refused('reportProperty', ['property']));
export type ReportDefinition = z.infer<typeof reportDefinition>;


/** A template as saved: a named report its owner keeps, shares with the team, and can have mailed. */
export const reportTemplateInput = z.object({
  name: z.string().trim().min(1).max(64),
  definition: reportDefinition,
  rangeDays: z.literal(REPORT_RANGES),
  format: z.enum(EXPORT_FORMATS),
  /** Mailed to its owner on this schedule (at 06:00 in the reporting time zone; weekly on Mondays, monthly on the 1st). */
  schedule: z.enum(REPORT_SCHEDULES),
  /** Whether the app's other team members see and run it. */
  shared: z.boolean(),
});
export type ReportTemplateInput = z.input<typeof reportTemplateInput>;

export const reportTemplate = reportTemplateInput.extend({
  templateId: z.uuid(),
  ownerName: z.string(),
  /** Whether the caller owns it (only its owner edits a private template). */
  mine: z.boolean(),
  /** When a scheduled template next mails its report; null when not scheduled. */
  nextRunAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export type ReportTemplate = z.infer<typeof reportTemplate>;

export const analyticsExport = z.object({
  exportId: z.uuid(),
  templateId: z.uuid().nullable(),
  name: z.string(),
  definition: reportDefinition,
  from: day,
  to: day,
  format: z.enum(EXPORT_FORMATS),
  state: z.enum(EXPORT_STATES),
  /** Percent done, while queued or running. */
  progress: z.number().int().min(0).max(100),
  rows: z.number().int().nullable(),
  size: z.number().int().nullable(),
  /** Why it failed, in the caller's language. */
  error: z.string().nullable(),
  /** Made by a template's schedule, not by a click. */
  scheduled: z.boolean(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  /** When the file is deleted. */
  expiresAt: z.iso.datetime(),
});
export type AnalyticsExport = z.infer<typeof analyticsExport>;

/**
 * Industry indicators: an app against the apps of the deployment in its category. A
 * bucket is shown only with at least `minApps` apps having data and none of them over
 * `maxShare` of its active users (the privacy rule of issue 21).
 */
export const INDUSTRY_LIMITS = { minApps: 5, maxShare: 0.5 } as const;
export const INDUSTRY_METRICS = ['dailyActiveUsers', 'day1Retention', 'averageSessionSeconds'] as const;
export type IndustryMetric = (typeof INDUSTRY_METRICS)[number];

export const industryIndicator = z.object({
  metric: z.enum(INDUSTRY_METRICS),
  /** The app's own value; null when it has none in the range (no cohort old enough, no session ended). */
  app: z.number().nullable(),
  p25: z.number(),
  median: z.number(),
  p75: z.number(),
});
