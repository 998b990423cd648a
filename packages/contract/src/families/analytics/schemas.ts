import { z } from 'zod';
import { DEVICE_OSES } from '@wharf/rules';

/** What one batch and one event may hold (Firebase's limits where it has one). */
export const ANALYTICS_LIMITS = {
  eventsPerBatch: 500,
  propertiesPerEvent: 25,
  userProperties: 25,
  /** A text property's value, in characters. */
  propertyText: 100,
  /** An event older than this when it arrives is dropped (an offline queue sends within it). */
  maxAgeHours: 72,
  /** A device clock this far ahead is believed (the time is clamped to now); further ahead, the event is dropped. */
  futureSkewMinutes: 5,
  /** The longest range a dashboard asks about, in days. */
  rangeDays: 366,
} as const;

/** How long raw events are kept, in days; counts and active users are kept for good. */
export const RETENTION_DAYS = [30, 60, 90, 180, 365, 730] as const;
export const DEFAULT_RETENTION_DAYS = 365;

/** Names the SDK sends by itself; apps add their own (custom events). */
export const AUTOMATIC_EVENTS = ['first_open', 'session_start', 'session_end', 'screen_view', 'app_update'] as const;
/** What an app sends when it crashes (the SDK's `recordCrash`): crash-free users count the instances without one. */
export const CRASH_EVENT = 'app_crash';

/** An event or property name: a letter, then letters, digits and underscores (40 at most). */
export const analyticsName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/);
export const propertyValue = z.union([z.string().max(ANALYTICS_LIMITS.propertyText), z.number().finite(), z.boolean()]);
const propertyMap = (max: number) =>
  z
    .record(analyticsName, propertyValue)
    .refine((p) => Object.keys(p).length <= max, { message: 'tooMany' });

/** An instant as ms since the epoch or ISO 8601 with an offset. */
const instant = z.union([z.number().int().min(0), z.iso.datetime({ offset: true })]).transform((v) => new Date(v));

/**
 * One event as a device sends it. Fields it does not know are kept as properties (an
 * older or newer SDK loses nothing); each event is checked on its own, so one bad event
 * costs only itself.
 */
export const analyticsEvent = z
  .object({
    /** The app instance's own ID for the event: sending it again is not counted again. */
    id: z.string().min(1).max(64).regex(/^[A-Za-z0-9_.:-]+$/),
    name: analyticsName,
    at: instant,
    /** A number the event carries (a purchase's amount, a session's seconds), summed by the reports. */
    value: z.number().finite().optional(),
    properties: propertyMap(ANALYTICS_LIMITS.propertiesPerEvent).optional(),
  })
  .catchall(propertyValue);
export type AnalyticsEventInput = z.input<typeof analyticsEvent>;

/** What the batch says of the device and app it comes from; every field is optional. */
export const analyticsContext = z.object({
  appVersion: z.string().trim().max(64).optional(),
  os: z.enum(DEVICE_OSES).optional(),
  osVersion: z.string().trim().max(64).optional(),
  deviceModel: z.string().trim().max(100).optional(),
  /** ISO 3166 alpha-2; when missing, the region of Accept-Language. */
  country: z.string().regex(/^[A-Za-z]{2}$/).transform((c) => c.toUpperCase()).optional(),
  /** BCP 47; when missing, the first of Accept-Language. */
  language: z.string().trim().max(35).optional(),
  /** The signed-in app user's ID, when there is one. */
  userId: z.string().trim().min(1).max(128).optional(),
  userProperties: propertyMap(ANALYTICS_LIMITS.userProperties).optional(),
});
export type AnalyticsContext = z.infer<typeof analyticsContext>;

/** Why an event of a batch was left out; the rest of the batch is kept. */
export const REJECT_REASONS = ['invalid', 'tooOld', 'future'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const rejectedEvent = z.object({
  index: z.number().int(),
  id: z.string().nullable(),
  reason: z.enum(REJECT_REASONS),
  /** The fields that failed, for `invalid`. */
  fields: z.array(z.string()),
  message: z.string(),
});

export const appQuery = z.object({ appId: z.uuid() });

export const analyticsSettings = z.object({
  /** The reporting time zone (IANA): what a day is in every report. A change applies to events received after it. */
  timeZone: z.string().min(1).max(64),
  retentionDays: z.literal(RETENTION_DAYS),
});
export type AnalyticsSettings = z.infer<typeof analyticsSettings>;

/** A calendar day, YYYY-MM-DD (in the app's reporting time zone where it names one). */
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A range of whole days in the reporting time zone, both ends included. */
export const rangeQuery = appQuery.extend({ from: day, to: day, compare: z.enum(['true', 'false']).optional().transform((v) => v === 'true') });

export const overviewTotals = z.object({
  newUsers: z.number().int(),
  /** Distinct app instances active in the range (not a sum of days). */
  activeUsers: z.number().int(),
  sessions: z.number().int(),
  /** Average length of the sessions that ended in the range, in seconds. */
  averageSessionSeconds: z.number(),
  events: z.number().int(),
  /** Packages downloaded from the store, and the store's update checks (not events the app sent). */
  downloads: z.number().int(),
  updateChecks: z.number().int(),
  /** Of the active users, the share (percent) that reported no crash; null while the app has never reported one. */
  crashFreeUsers: z.number().nullable(),
});
export type OverviewTotals = z.infer<typeof overviewTotals>;

export const overviewDay = overviewTotals.omit({ averageSessionSeconds: true }).extend({ day, averageSessionSeconds: z.number() });
export type OverviewDay = z.infer<typeof overviewDay>;

/** The days after the first a cohort's return is shown for (day 0 is the first day itself). */
export const RETENTION_OFFSETS = [1, 7, 30] as const;
/** How many days after the first the retention curve follows. */
export const RETENTION_CURVE_DAYS = 30;

export const retentionCohort = z.object({
  /** The cohort: instances first seen on this day. */
  day,
  users: z.number().int(),
  /** Of them, active again N days later, for each of RETENTION_OFFSETS; null when that day has not come yet. */
  returned: z.array(z.number().int().nullable()),
});

export const retentionPoint = z.object({
  /** Days after the first. */
  offset: z.number().int(),
  /** Returned on that day, over all cohorts old enough to have it. */
  users: z.number().int(),
  /** The size of those cohorts. */
  of: z.number().int(),
});

export const FUNNEL_STEPS = { min: 2, max: 6 } as const;

export const funnelStep = z.object({
  name: z.string(),
  /** Instances that did this step after every step before it, in order, in the range. */
  users: z.number().int(),
});

export const eventSummary = z.object({
  name: z.string(),
  count: z.number().int(),
  valueSum: z.number(),
});

/** What the event explorer splits an event's counts by. */
export const EXPLORE_GROUPS = ['none', 'appVersion', 'country', 'os'] as const;
export type ExploreGroup = (typeof EXPLORE_GROUPS)[number];
/** Groups shown on their own; the rest are summed as one. */
export const EXPLORE_TOP = 8;

/** What the user portrait shares users by, as the devices last said of themselves. */
export const PORTRAIT_DIMENSIONS = ['country', 'language', 'os', 'deviceModel'] as const;
export type PortraitDimension = (typeof PORTRAIT_DIMENSIONS)[number];
/** Values shown on their own per dimension; the rest are summed as one. */
export const PORTRAIT_TOP = 10;
