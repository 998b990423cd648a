import { z } from 'zod';
import { bucketNameProblem, CHANNEL_NAME, HOSTING_LIMITS, HOSTING_RESERVED_HEADERS, redirectDestinationOk, sitePathProblem } from '@wharf/rules';
import { refused } from '../../kit/field-errors';

const L = HOSTING_LIMITS;

export const siteName = z.string().refine((n) => bucketNameProblem(n) === null, refused('siteName'));
export const channelName = z.string().regex(CHANNEL_NAME, 'lower-case letters, digits and hyphens, up to 20');
export const sitePath = z.string().refine((p) => sitePathProblem(p) === null, refused('objectName'));
const glob = z.string().min(1).max(200).regex(/^\/[^\s]*$/, 'a pattern of the site starting with /, such as /blog/** or **');
const globOrAll = z.union([z.literal('**'), glob]);

export const hostingConfig = z.object({
  cleanUrls: z.boolean().default(false),
  redirects: z.array(z.object({ source: globOrAll, destination: z.string().max(2000).refine(redirectDestinationOk, refused('redirectDestination')), type: z.union([z.literal(301), z.literal(302)]).default(301) })).max(L.rules).default([]),
  rewrites: z.array(z.object({ source: globOrAll, destination: z.string().regex(/^\/[^\s]{0,511}$/, 'a file of the site such as /index.html') })).max(L.rules).default([]),
  headers: z
    .array(
      z.object({
        source: globOrAll,
        headers: z
          .array(z.object({ key: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name').refine((k) => !HOSTING_RESERVED_HEADERS.includes(k.toLowerCase()), refused('reservedHeader')), value: z.string().max(1000).regex(/^[^\r\n]*$/, 'one line') }))
          .min(1)
          .max(20),
      }),
    )
    .max(L.rules)
    .default([]),
});

export const projectQuery = z.object({ projectId: z.uuid() });
export const siteQuery = projectQuery.extend({ site: siteName });

export const hostingSite = z.object({
  name: z.string(),
  /** The live channel's address on the user-content origin. */
  url: z.string(),
  liveVersion: z.number().int().nullable(),
  channels: z.array(z.object({ name: z.string(), version: z.number().int(), url: z.string(), updatedAt: z.string() })),
  createdAt: z.string(),
});

export const hostingVersion = z.object({
  number: z.number().int(),
  state: z.enum(['uploading', 'ready']),
  files: z.number().int(),
  bytes: z.number().int(),
  note: z.string(),
  channels: z.array(z.string()),
  createdAt: z.string(),
});

export const hostingDomain = z.object({
  domain: z.string(),
  state: z.enum(['pending', 'verified']),
  /** The TXT record that proves the domain: its name and value. */
  txtName: z.string(),
  txtValue: z.string(),
  checkedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
});

export type HostingSite = z.infer<typeof hostingSite>;
export type HostingVersion = z.infer<typeof hostingVersion>;
export type HostingDomain = z.infer<typeof hostingDomain>;
export type HostingConfigInput = z.infer<typeof hostingConfig>;
