import type { FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Endpoint, RateLimitBy } from '@wharf/contract';
import type { Caller } from '../http/access';
import { AppError } from '../http/errors';
import { rateKey, type RateLimiter, type RatePolicy } from '.';

const first = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 && v.length <= 128 ? v : null);

/**
 * The address a limit counts: an IPv4 address as it is, an IPv6 one by its /64 (one host
 * is given a whole /64 and picks any address in it, so counting single addresses would
 * limit nothing), an IPv4-mapped one as IPv4.
 */
export function addressRange(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip); // an IPv4-mapped IPv6 address becomes IPv4
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).concat([0, 0, 0, 0]);
  return `${new ipaddr.IPv6(prefix).toString()}/64`;
}

/** Who a call is counted as, for the way its endpoint declares. Unknown callers count by address. */
export function counted(by: RateLimitBy, req: FastifyRequest, caller: Caller): string {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const ip = addressRange(req.ip ?? 'unknown');
  switch (by) {
    case 'caller':
      return caller.userId ?? (caller.kind === 'api-client' && caller.clientId ? `client:${caller.clientId}` : `ip:${ip}`);
    case 'device':
      return first(query.deviceId) ?? first(req.headers['x-device-id']) ?? `ip:${ip}`;
    case 'app':
      // An app-client call names its app by its key (checked before this), others in the query.
      return caller.appId ?? first(query.appId) ?? first(query.packageName) ?? `ip:${ip}`;
    default:
      return ip;
  }
}

/**
 * Counts a call of a limited endpoint, sets the X-RateLimit-* headers, and refuses with
 * 429 and Retry-After when the window is used up.
 */
export async function enforceRateLimit(limiter: RateLimiter, policies: Readonly<Record<string, RatePolicy>>, endpoint: Endpoint, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const decl = endpoint.rateLimit!;
  const policy = policies[decl.class]!;
  const verdict = await limiter.hit(rateKey(decl.class, decl.by, counted(decl.by, req, req.caller)), policy);
  const resetSeconds = Math.ceil(verdict.resetAt.getTime() / 1000);
  reply.header('X-RateLimit-Limit', String(verdict.limit));
  reply.header('X-RateLimit-Remaining', String(verdict.remaining));
  reply.header('X-RateLimit-Reset', String(resetSeconds));
  if (!verdict.allowed) throw new AppError('rateLimited', undefined, { 'Retry-After': String(verdict.retryAfterSeconds) });
}
