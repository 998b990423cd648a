import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { refused } from '../../kit/field-errors';
import { analyticsName, analyticsSettings, appQuery, eventSummary, EXPLORE_GROUPS, FUNNEL_STEPS, funnelStep, overviewDay, overviewTotals, rangeQuery, retentionCohort, retentionPoint } from './schemas';

/** The console's calls: an app's analytics settings and dashboards. */
const PREFIX = 'rs/harmony-report/v1';
const READ = 'app:analytics.read';
const MANAGE = 'app:app.manage';

export const getAnalyticsSettings = defineEndpoint({
  id: 'analytics.settings',
  method: 'GET',
  prefix: PREFIX,
  path: '/settings',
  access: READ,
  summary: "An app's reporting time zone and how long its raw events are kept",
  query: appQuery,
  response: okResponse({ settings: analyticsSettings }),
});

export const saveAnalyticsSettings = defineEndpoint({
  id: 'analytics.saveSettings',
  method: 'PUT',
  prefix: PREFIX,
  path: '/settings',
  access: MANAGE,
  summary: 'Change the reporting time zone (for events received from now on) or the retention of raw events',
  query: appQuery,
  body: analyticsSettings,
  response: okResponse({ settings: analyticsSettings }),
});

export const analyticsOverview = defineEndpoint({
  id: 'analytics.overview',
  method: 'GET',
  prefix: PREFIX,
  path: '/overview',
  access: READ,
  summary: 'New and active users, sessions, session length and events per day of a range, its totals, the previous period of the same length, and weekly and monthly active users at its end',
  query: rangeQuery,
  response: okResponse({
    timeZone: z.string(),
    days: z.array(overviewDay),
    totals: overviewTotals,
    /** The same length of time just before the range, when asked for. */
    previous: overviewTotals.nullable(),
    /** Distinct instances active in the 7 and 30 days that end on `to`. */
    weeklyActiveUsers: z.number().int(),
    monthlyActiveUsers: z.number().int(),
    /** Whether the app has sent any event at all (an empty dashboard says how to start). */
    hasData: z.boolean(),
  }),
});

export const analyticsRetention = defineEndpoint({
  id: 'analytics.retention',
  method: 'GET',
  prefix: PREFIX,
  path: '/retention',
  access: READ,
  summary: 'Cohorts of the instances first seen on each day of the range, how many of each came back 1, 7 and 30 days later, and the retention curve over them',
  query: rangeQuery.omit({ compare: true }),
  response: okResponse({
    offsets: z.array(z.number().int()),
    cohorts: z.array(retentionCohort),
    curve: z.array(retentionPoint),
  }),
});

export const analyticsFunnel = defineEndpoint({
  id: 'analytics.funnel',
  method: 'GET',
  prefix: PREFIX,
  path: '/funnel',
  access: READ,
  summary: 'How many instances did each step of 2 to 6 events in order within the range (a step counts only after the one before it)',
  query: rangeQuery.omit({ compare: true }).extend({
    /** Event names, comma-separated, in order. */
    steps: z
      .string()
      .max(6 * 41)
      .transform((s) => s.split(',').map((n) => n.trim()))
      .pipe(z.array(analyticsName).min(FUNNEL_STEPS.min).max(FUNNEL_STEPS.max)),
  }),
  response: okResponse({ steps: z.array(funnelStep) }),
});

export const analyticsEventList = defineEndpoint({
  id: 'analytics.events',
  method: 'GET',
  prefix: PREFIX,
  path: '/events',
  access: READ,
  summary: 'The events the app sent in the range, most sent first, with their count and the sum of their values (from the daily counts, kept for good)',
  query: rangeQuery.omit({ compare: true }),
  response: okResponse({ events: z.array(eventSummary) }),
});

export const deleteAnalyticsUserData = defineEndpoint({
  id: 'analytics.deleteUserData',
  method: 'POST',
  prefix: PREFIX,
  path: '/user-data/delete',
  access: MANAGE,
  summary: "Delete everything analytics keeps of one person (by app instance ID or app user ID): their raw events, their days of activity and their device; the team's audit log records it. Daily counts, which name nobody, stay",
  query: appQuery,
  body: z
    .object({
      instanceId: z.string().trim().min(1).max(128).optional(),
      userId: z.string().trim().min(1).max(128).optional(),
    })
    .refine((b) => Boolean(b.instanceId) !== Boolean(b.userId), refused('instanceOrUser')),
  response: okResponse({ deletedEvents: z.number().int(), deletedInstances: z.number().int() }),
});

export const exploreAnalyticsEvent = defineEndpoint({
  id: 'analytics.explore',
  method: 'GET',
  prefix: PREFIX,
  path: '/explore',
  access: READ,
  summary: "One event's count and value sum per day, split by app version, country or OS (the 8 largest groups, the rest as one), optionally only where a property has a value (a scan of the range's raw events)",
  query: rangeQuery.omit({ compare: true }).extend({
    event: analyticsName,
    groupBy: z.enum(EXPLORE_GROUPS).default('none'),
    property: analyticsName.optional(),
    /** The property's value as text (numbers and booleans as written: 2, true). */
    equals: z.string().max(100).optional(),
  }).refine((q) => (q.property === undefined) === (q.equals === undefined), refused('propertyAndValue')),
  response: okResponse({
    /** Largest first; `''` is "not known", `*` the rest together, `all` when not split. */
    groups: z.array(z.object({ key: z.string(), count: z.number().int(), valueSum: z.number() })),
    days: z.array(z.object({ day: z.string(), group: z.string(), count: z.number().int(), valueSum: z.number() })),
  }),
});

const share = z.object({ key: z.string(), users: z.number().int() });

export const analyticsPortrait = defineEndpoint({
  id: 'analytics.portrait',
  method: 'GET',
  prefix: PREFIX,
  path: '/portrait',
  access: READ,
  summary: "Who the range's active users are: their shares by country, language, OS and device model (the 10 largest values each, the rest as `*`, `''` when not known)",
  query: rangeQuery.omit({ compare: true }),
  response: okResponse({
    users: z.number().int(),
    country: z.array(share),
    language: z.array(share),
    os: z.array(share),
    deviceModel: z.array(share),
  }),
});
