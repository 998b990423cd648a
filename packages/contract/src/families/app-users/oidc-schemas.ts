import { z } from 'zod';

/** Names the two built-in methods take; an identity provider's ID is never one of them. */
const RESERVED = new Set(['anonymous', 'email', 'phone']);

/** A provider's ID in the project: lower-case letters, digits and dashes (it names the provider in the app's calls). */
export const identityProviderId = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,31}$/, '2 to 32 lower-case letters, digits or dashes, starting with a letter')
  .refine((id) => !RESERVED.has(id), 'anonymous, email and phone are the built-in methods');

const host = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');
const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1']);
/** https, or http on this machine (a provider or an app under development). */
export const isSecureOrLoopback = (url: URL) => url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(host(url)));

export const oidcIssuer = z
  .url()
  .max(512)
  .refine((v) => isSecureOrLoopback(new URL(v)), 'an https address (http only on localhost)');

/**
 * Where a provider sign-in may return to the app: a web page (https, or http on localhost)
 * or an app's own scheme (`com.example.notes:/auth`, as mobile apps register).
 */
export const appRedirectUri = z
  .string()
  .max(512)
  .refine((v) => {
    try {
      const url = new URL(v);
      if (url.hash) return false;
      if (url.protocol === 'http:' || url.protocol === 'https:') return isSecureOrLoopback(url);
      return /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol);
    } catch {
      return false;
    }
  }, 'an https address (http only on localhost), or an app scheme such as com.example.app:/auth, without #');

/** An OpenID Connect provider as the console shows it (its client secret never leaves the server). */
export const identityProvider = z.object({
  providerId: z.string(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** The last four characters of the client secret. */
  secretHint: z.string(),
  scopes: z.string(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type IdentityProvider = z.infer<typeof identityProvider>;

export const identityProviderInput = z.object({
  name: z.string().trim().min(1).max(64),
  issuer: oidcIssuer,
  clientId: z.string().trim().min(1).max(256),
  /** Required for a new provider; left out, the saved one stays. */
  clientSecret: z.string().min(1).max(512).optional(),
  scopes: z
    .string()
    .trim()
    .max(256)
    .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/, 'scopes separated by spaces')
    .default('openid email profile'),
  enabled: z.boolean(),
});
