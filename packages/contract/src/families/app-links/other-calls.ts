import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { linkReport } from './schemas';

/** The operator's takedown queue: links reported from their preview page. */
export const listLinkReports = defineEndpoint({
  id: 'appLinks.reports',
  method: 'GET',
  prefix: 'dlm/v1/operator',
  path: '/reports',
  access: 'operator:reviewer',
  summary: 'Reported links waiting for a decision, most reported first',
  response: okResponse({ reports: z.array(linkReport) }),
});

export const decideLinkReport = defineEndpoint({
  id: 'appLinks.decideReport',
  method: 'POST',
  prefix: 'dlm/v1/operator',
  path: '/report/:reportId',
  access: 'operator:reviewer',
  summary: 'Takes the reported link down (it answers 410 and its project cannot turn it back on) or dismisses the reports',
  params: z.object({ reportId: z.uuid() }),
  body: z.object({ decision: z.enum(['takeDown', 'dismiss']) }),
  response: okResponse({}),
});

const deepLinkAnswer = okResponse({
  /** The deep link the app should open, null when nothing waited for this install. */
  deepLink: z.string().nullable(),
  linkId: z.string().nullable(),
  utm: z.record(z.string(), z.string()),
  minVersion: z.number().int().nullable(),
  matchedBy: z.enum(['token', 'fingerprint', 'link']).nullable(),
});

/** A device's calls, with the app key of its configuration file. */
export const claimDeferredLink = defineEndpoint({
  id: 'appLinks.claim',
  method: 'POST',
  prefix: 'dlm/v1/client',
  path: '/claim',
  access: 'app-client',
  rateLimit: { class: 'appLinksClient', by: 'app' },
  summary: "The app's first open asks what link brought it: by the token the store install carried (once), else, where the project turns it on, by a coarse fingerprint within 2 hours",
  body: z.object({
    token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/).optional(),
    osVersion: z.string().trim().max(32).optional(),
    language: z.string().trim().max(35).optional(),
  }),
  response: deepLinkAnswer,
});

export const resolveLink = defineEndpoint({
  id: 'appLinks.resolve',
  method: 'POST',
  prefix: 'dlm/v1/client',
  path: '/resolve',
  access: 'app-client',
  rateLimit: { class: 'appLinksClient', by: 'app' },
  summary: 'The installed app was opened by a short link: its deep link and parameters (counted as a re-open); null for a link of another project, off or expired',
  body: z.object({ url: z.string().url().max(2048) }),
  response: deepLinkAnswer,
});
