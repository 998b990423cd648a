import { z } from 'zod';

/** The built-in ways an app user signs in (identity providers add their own IDs). */
export const AUTH_PROVIDERS = ['anonymous', 'email', 'phone'] as const;
export const authProvider = z.enum(AUTH_PROVIDERS);
export type AuthProvider = z.infer<typeof authProvider>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const appUserEmail = z.email().max(254).transform((v) => v.toLowerCase());
export const appUserPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
export const appUserDisplayName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^<>"'&\\\p{Cc}]+$/u, 'no < > " \' & \\ or control characters');

/** An app user as the console and the user's own app see them. */
export const appUser = z.object({
  appUserId: z.string(),
  projectId: z.string(),
  anonymous: z.boolean(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  /** E.164, verified by the code it was sent. */
  phone: z.string().nullable(),
  displayName: z.string().nullable(),
  /** `anonymous`, `email`, and the ID of each OpenID Connect provider linked. */
  providers: z.array(z.string()),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type AppUser = z.infer<typeof appUser>;

/** The sign-in methods a project has turned on. */
export const authMethods = z.object({ anonymous: z.boolean(), email: z.boolean(), phone: z.boolean().default(false) });
export type AuthMethods = z.infer<typeof authMethods>;

/** What a sign-in answers the app: who signed in and the tokens to call as them. */
export const appUserSession = {
  user: appUser,
  tokenType: z.literal('Bearer'),
  accessToken: z.string(),
  /** Seconds the access token is valid for. */
  expiresIn: z.number().int(),
  /** Exchanged once for the next pair (`appUsers.refreshToken`); a reused one ends the session. */
  refreshToken: z.string(),
};

/** Every console call names its project in the query, where the access check reads it before the body. */
export const projectQuery = z.object({ projectId: z.uuid() });
