import { z } from 'zod';
import { ALLOWED_HOST, APP_STORE_ID, HOST_NAME, IOS_BUNDLE_ID, APP_LINK_LIMITS as L, LINK_PLATFORMS, linkPrefixProblem, linkSuffixProblem, linkTargetProblem, UTM_KEYS } from '@wharf/rules';
import { refused } from '../../kit/field-errors';

/** Every call names its project in the query, where the access check reads it before the body. */
export const projectQuery = z.object({ projectId: z.uuid() });

const text = (max: number) => z.string().trim().max(max).regex(/^[^\p{Cc}]*$/u, 'no control characters');
/** An http(s) address; the project's allow-list is checked by the server. */
export const linkUrl = z.string().trim().refine((u) => linkTargetProblem(u, []) === null, refused('linkTarget'));
const optionalUrl = linkUrl.nullable().default(null);
export const linkSuffix = z.string().refine((s) => linkSuffixProblem(s) === null, refused('linkSuffix'));
export const prefixName = z.string().refine((s) => linkPrefixProblem(s) === null, refused('linkPrefix'));
export const linkHost = z
  .string()
  .toLowerCase()
  .regex(HOST_NAME, 'a host name such as go.example.com');

export const utm = z.object(Object.fromEntries(UTM_KEYS.map((k) => [k, text(200).min(1).optional()])) as Record<(typeof UTM_KEYS)[number], z.ZodOptional<z.ZodString>>);

/** What a link holds and the console edits: the deep link, each platform's app or fallback, the social preview. */
export const linkTargets = z.object({
  name: text(100).default(''),
  deepLink: linkUrl,
  androidAppId: z.uuid().nullable().default(null),
  androidMinVersion: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
  androidFallbackUrl: optionalUrl,
  harmonyAppId: z.uuid().nullable().default(null),
  harmonyFallbackUrl: optionalUrl,
  iosBundleId: z.string().max(155).regex(IOS_BUNDLE_ID, 'a bundle ID such as com.example.app').nullable().default(null),
  iosAppStoreId: z.string().regex(APP_STORE_ID, 'the App Store ID (digits)').nullable().default(null),
  iosFallbackUrl: optionalUrl,
  desktopUrl: optionalUrl,
  social: z
    .object({
      title: text(L.socialTitle).nullable().default(null),
      description: text(L.socialDescription).nullable().default(null),
      imageUrl: optionalUrl,
    })
    .default({ title: null, description: null, imageUrl: null }),
  utm: utm.default({}),
  /** After this the link answers "expired" (410). */
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type LinkTargetsInput = z.input<typeof linkTargets>;
export type LinkTargetsValue = z.output<typeof linkTargets>;

export const LINK_STATES = ['active', 'disabled', 'takenDown'] as const;

export const link = z.object({
  linkId: z.string(),
  projectId: z.string(),
  prefixId: z.string(),
  suffix: z.string(),
  /** The short link as people share it. */
  shortLink: z.string(),
  state: z.enum(LINK_STATES),
  ...linkTargets.shape,
  name: z.string(),
  utm: z.record(z.string(), z.string()),
  expiresAt: z.string().nullable(),
  clicks: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Link = z.infer<typeof link>;

export const linkPrefix = z.object({
  prefixId: z.string(),
  kind: z.enum(['path', 'host']),
  /** A path prefix's name, or the host name. */
  name: z.string(),
  /** What every short link of it starts with. */
  url: z.string(),
  state: z.enum(['pending', 'verified']),
  /** For a host: the TXT record that proves it. */
  txtName: z.string().nullable(),
  txtValue: z.string().nullable(),
  links: z.number().int(),
  createdAt: z.string(),
});
export type LinkPrefix = z.infer<typeof linkPrefix>;

export const linkSettings = z.object({
  /** Hosts a link may send people to (`*.example.com` for any under it); empty: any http(s) host. */
  allowedHosts: z.array(z.string().toLowerCase().regex(ALLOWED_HOST, 'a host such as example.com or *.example.com')).max(L.allowedHosts),
  /** Links the project may create in a day (bulk included). */
  perDayLimit: z.number().int().min(1).max(L.perDayMax),
  /** Deferred deep links may also be matched by a coarse fingerprint kept 2 hours (off: only the install's token). */
  fingerprintMatching: z.boolean(),
  /** The Apple developer team ID, for apple-app-site-association. */
  appleTeamId: z.string().regex(/^[A-Z0-9]{10}$/, 'ten capital letters and digits').nullable(),
});
export type LinkSettings = z.infer<typeof linkSettings>;

export const statDay = z.object({ day: z.string(), clicks: z.number().int(), firstOpens: z.number().int(), reopens: z.number().int() });
export const statSlice = z.object({ key: z.string(), clicks: z.number().int() });
export const linkStats = z.object({
  days: z.array(statDay),
  platforms: z.array(z.object({ key: z.enum(LINK_PLATFORMS), clicks: z.number().int() })),
  countries: z.array(statSlice),
  referrers: z.array(statSlice),
  totals: z.object({ clicks: z.number().int(), firstOpens: z.number().int(), reopens: z.number().int() }),
});
export type LinkStats = z.infer<typeof linkStats>;

export const linkReport = z.object({
  reportId: z.string(),
  linkId: z.string(),
  shortLink: z.string(),
  deepLink: z.string(),
  projectId: z.string(),
  reason: z.string(),
  reports: z.number().int(),
  linkState: z.enum(LINK_STATES),
  createdAt: z.string(),
});
export type LinkReport = z.infer<typeof linkReport>;
