import { z } from 'zod';

export const apiClientName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^<>"'&\\\p{Cc}]+$/u, 'no < > " \' & \\ or control characters');

/**
 * What a client may do, as AppGallery Connect's API client roles: each is a team role's
 * permissions narrowed to one kind of work (see API_CLIENT_ROLE_PERMISSIONS).
 */
export const API_CLIENT_ROLES = ['administrator', 'publishing', 'reports'] as const;
export const apiClientRole = z.enum(API_CLIENT_ROLES);
export type ApiClientRole = z.infer<typeof apiClientRole>;

/** An API client proves itself with its secret; a service account with a JWT signed by one of its keys. */
export const API_CLIENT_TYPES = ['api-client', 'service-account'] as const;
export const apiClientType = z.enum(API_CLIENT_TYPES);
export type ApiClientType = z.infer<typeof apiClientType>;

/** The long decimal number AppGallery Connect's clients are known by. */
export const clientIdSchema = z.string().regex(/^\d{6,32}$/, 'a client ID is a number');

export const serviceAccountKey = z.object({
  keyId: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ServiceAccountKey = z.infer<typeof serviceAccountKey>;

export const apiClient = z.object({
  clientId: z.string(),
  name: z.string(),
  type: apiClientType,
  role: apiClientRole,
  /** A project-level client acts only in this project; null for a team-level one. */
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  /** The last characters of the secret (API clients), to tell secrets apart; '' for service accounts. */
  secretHint: z.string(),
  /** Until when the secret before the last rotation is still accepted; null when none is. */
  previousSecretUntil: z.string().nullable(),
  keys: z.array(serviceAccountKey),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiClient = z.infer<typeof apiClient>;

/**
 * A service account's key file, as AppGallery Connect hands out `*private.json`: the
 * private key leaves the server once, in this answer, and is never kept.
 */
export const serviceAccountKeyFile = z.object({
  type: z.literal('service_account'),
  project_id: z.string(),
  key_id: z.string(),
  private_key: z.string(),
  sub_account: z.string(),
  token_uri: z.string(),
});
export type ServiceAccountKeyFile = z.infer<typeof serviceAccountKeyFile>;

/** An app a client may act on; a client with none granted acts on every app it can reach. */
export const grantedApp = z.object({
  appId: z.string(),
  name: z.string(),
  packageName: z.string(),
  projectId: z.string(),
  /** Null in the list of apps that can be granted. */
  grantedAt: z.string().nullable(),
});
export type GrantedApp = z.infer<typeof grantedApp>;
