import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { analyticsSettings, appQuery, overviewDay, overviewTotals, rangeQuery } from './schemas';

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
