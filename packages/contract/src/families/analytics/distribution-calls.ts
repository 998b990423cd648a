import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { day, rangeQuery } from './schemas';

/** Versions drawn on their own in the adoption chart; the rest are summed as one line. */
export const ADOPTION_VERSIONS = 6;

export const distributionDay = z.object({
  day,
  /** Packages downloaded from the store that day. */
  downloads: z.number().int(),
  /** First opens the app reported back (installs that ran). */
  installs: z.number().int(),
  updateChecks: z.number().int(),
  /** Of the update checks, those answered with a version to install. */
  updatesOffered: z.number().int(),
});
export type DistributionDay = z.infer<typeof distributionDay>;

export const versionAdoption = z.object({
  /** The app version; null for every version not drawn on its own, together. */
  appVersion: z.string().nullable(),
  /** Active instances on this version, per day of the range. */
  devices: z.array(z.number().int()),
});

export const countryDistribution = z.object({ country: z.string(), downloads: z.number().int(), installs: z.number().int() });

export const phasedAdoption = z.object({
  versionId: z.string(),
  versionName: z.string(),
  points: z.array(
    z.object({
      day,
      /** The share of devices the phase offered the version to at the day's end; null before it started. */
      target: z.number().nullable(),
      /** The share of that day's active instances that ran the version, in percent. */
      adoption: z.number(),
    }),
  ),
});
export type PhasedAdoption = z.infer<typeof phasedAdoption>;

export const analyticsDistribution = defineEndpoint({
  id: 'analytics.distribution',
  method: 'GET',
  prefix: 'rs/distribution-operation-quality/v1',
  path: '/distribution',
  access: 'app:analytics.read',
  summary: 'Downloads, installs and update checks per day of a range, active instances per app version per day, downloads and installs per country, and how each phased release was adopted against its target',
  query: rangeQuery,
  response: okResponse({
    timeZone: z.string(),
    days: z.array(distributionDay),
    versions: z.array(versionAdoption),
    countries: z.array(countryDistribution),
    phased: z.array(phasedAdoption),
    /** Whether the app has anything counted yet: a download, an update check or an event. */
    hasData: z.boolean(),
  }),
});
