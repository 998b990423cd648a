import { z } from 'zod';
import { zoneName } from '../console';

export const email = z.string().trim().toLowerCase().email().max(254);
/** Long passphrases welcome; a floor that stops the obvious. */
export const password = z.string().min(8).max(200);
export const displayName = z.string().trim().min(1).max(64);
export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'a two-letter country code')
  .transform((v) => v.toUpperCase());

/** The readable user-info cookie of the specification, also returned in sign-in answers. */
export const developerUserInfo = z.object({
  siteid: z.number().int(),
  mainUserId: z.string(),
  csrftoken: z.string(),
  /** Nominal expiry, ms since the epoch: refresh after this. */
  expiretime: z.number().int(),
  /** Real expiry, ms since the epoch: sign in again after this. */
  expiretime_real: z.number().int(),
});

/** What sign-in, sign-up and refresh answer, beside ret (the specification's fields). */
export const loginResult = {
  siteID: z.number().int(),
  csrfToken: z.string(),
  teamId: z.string(),
  redirectUri: z.string(),
  userInfo: developerUserInfo,
};

export const teamSummary = z.object({
  teamId: z.string(),
  name: z.string(),
  siteId: z.number().int(),
  zone: zoneName,
  countryCode: z.string().nullable(),
  /** 1 personal (the holder's own), 2 company: AppGallery Connect's team user types. */
  userType: z.number().int(),
  mainUserId: z.string(),
  roles: z.array(z.string()),
  expiresAt: z.string().nullable(),
});

export type TeamSummary = z.infer<typeof teamSummary>;
