import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';

const PREFIX = 'amis/version-manage/v1';

/** The longest range one call answers. */
export const DOWNLOAD_STATS_MAX_DAYS = 366;

const day = z.iso.date();

export const downloadStats = defineEndpoint({
  id: 'version.downloadStats',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/version/downloads',
  access: 'app:app.read',
  summary: "Downloads of an app's versions per UTC day and version, and per country, over a date range (both ends included)",
  query: z.object({ appId: z.uuid(), from: day, to: day }),
  response: okResponse({
    from: z.string(),
    to: z.string(),
    total: z.number().int(),
    /** The versions downloaded in the range, newest versionCode first. */
    versions: z.array(z.object({ versionId: z.string(), versionCode: z.number().int().nullable(), versionName: z.string().nullable(), total: z.number().int() })),
    /** Days with downloads only, oldest first. */
    days: z.array(z.object({ day: z.string(), versionId: z.string(), count: z.number().int() })),
    /** Most downloads first; ZZ is unknown. */
    countries: z.array(z.object({ country: z.string(), count: z.number().int() })),
  }),
});
