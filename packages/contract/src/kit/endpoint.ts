import type { z } from 'zod';
import type { Access } from './access';

/** Whose calls a limit counts together. */
export type RateLimitBy = 'ip' | 'caller' | 'device' | 'app';

export interface RateLimitDecl {
  /** The policy's name in the server's RATE_LIMITS (e.g. `device`, `signIn`). */
  class: string;
  by: RateLimitBy;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The common root of every call, as in the specification: `/agc/edge/<prefix>/...`. */
export const API_ROOT = '/agc/edge';

/**
 * The root of AppGallery Connect's Connect API (`/api/oauth2/v1/token`, `/api/publish/v2/...`):
 * CI tools derive the token URL from the origin, so these calls cannot live under a prefix.
 */
export const CONNECT_API_ROOT = '/api';

/** Every root a call of the contract may live under. */
export const API_ROOTS = [API_ROOT, CONNECT_API_ROOT] as const;

export interface EndpointDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** Unique, `family.call`, used for operation ids and query keys. */
  id: string;
  method: HttpMethod;
  /** The service prefix, e.g. `amis/app-manage/v1`. */
  prefix: string;
  /** `connect` for the Connect API's calls, which live under `/api` instead of `/agc/edge`. */
  root?: 'connect';
  /** Path under the prefix, fastify style: `/app/:appId`. */
  path: string;
  access: Access;
  /**
   * Accepts a session past its nominal expiry (up to the real one) and one flagged for a
   * new sign-in: only the calls that recover a session (refresh, user info, sign-out).
   */
  sessionGrace?: boolean;
  summary: string;
  /**
   * Counted against a limit shared by every instance (the class's policy comes from the
   * server's configuration), per the caller, app, device or address the call comes from.
   */
  rateLimit?: RateLimitDecl;
  /** Another path to the same call (the distribution family's names for version calls): same schemas, access and handler. */
  aliasOf?: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> extends EndpointDef<P, Q, B, R> {
  fullPath: string;
}

export function defineEndpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
>(def: EndpointDef<P, Q, B, R>): Endpoint<P, Q, B, R> {
  if (!def.path.startsWith('/')) throw new Error(`${def.id}: path must start with /`);
  return Object.freeze({ ...def, fullPath: `${def.root === 'connect' ? CONNECT_API_ROOT : API_ROOT}/${def.prefix}${def.path}` });
}

/**
 * The same call under another prefix and path, as the specification lists it in a second
 * family: the server answers both with one handler.
 */
export function defineAlias<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  original: Endpoint<P, Q, B, R>,
  at: { id: string; prefix: string; path: string },
): Endpoint<P, Q, B, R> {
  const { fullPath: _fullPath, ...def } = original;
  return defineEndpoint({ ...def, ...at, summary: `${original.summary} (as ${original.id})`, aliasOf: original.id });
}

/** Fills `:name` segments; values are URI-encoded so ids can never change the route. */
export function buildPath(endpoint: Pick<Endpoint, 'fullPath'>, params: Record<string, string | number> = {}): string {
  return endpoint.fullPath.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
