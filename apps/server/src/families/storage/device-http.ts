import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StorageCorsRule } from '@wharf/contract';
import { AppError } from '../../platform/http/errors';
import { refuseOnUserContent } from '../../platform/user-content';

export const refuse = refuseOnUserContent;

export function refuseError(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  if (err instanceof AppError) return refuse(req, reply, err.retName, err.text ?? undefined, err.headers);
  throw err;
}

/** Headers the device protocol itself needs, allowed on every preflight besides the bucket's own. */
const PROTOCOL_HEADERS = ['authorization', 'client_id', 'api_key', 'content-type', 'content-range', 'range', 'if-none-match', 'x-upload-content-length', 'x-upload-content-type', 'x-object-cache-control', 'x-device-id', 'x-lang'];
const EXPOSED = ['etag', 'content-range', 'content-length', 'accept-ranges', 'location', 'range', 'x-object-generation'];

const fits = (rule: StorageCorsRule, origin: string, method: string) => (rule.origins.includes('*') || rule.origins.includes(origin)) && (rule.methods as string[]).includes(method);

/**
 * CORS of a bucket: the first rule naming the origin and method answers; a request from
 * an origin no rule names gets no CORS headers (the browser then keeps the answer from the page).
 */
export function applyCors(req: FastifyRequest, reply: FastifyReply, cors: readonly StorageCorsRule[], method = req.method): boolean {
  const origin = req.headers.origin;
  if (typeof origin !== 'string') return false;
  const rule = cors.find((r) => fits(r, origin, method === 'HEAD' ? 'GET' : method));
  reply.header('vary', 'Origin');
  if (!rule) return false;
  reply.header('access-control-allow-origin', rule.origins.includes('*') ? '*' : origin);
  reply.header('access-control-expose-headers', [...EXPOSED, ...rule.exposeHeaders].join(', '));
  return true;
}

/** A preflight: 204 with what the bucket allows, or 403 when no rule takes the origin, method and headers. */
export function preflight(req: FastifyRequest, reply: FastifyReply, cors: readonly StorageCorsRule[]) {
  const origin = req.headers.origin;
  const method = String(req.headers['access-control-request-method'] ?? '').toUpperCase();
  const asked = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const rule = typeof origin === 'string' ? cors.find((r) => fits(r, origin, method) && asked.every((h) => PROTOCOL_HEADERS.includes(h) || h.startsWith('x-object-meta-') || r.headers.some((x) => x.toLowerCase() === h))) : undefined;
  reply.header('vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  if (!rule || typeof origin !== 'string') return refuse(req, reply, 'forbidden', { zh: '此来源不在存储桶的 CORS 配置中', en: "The bucket's CORS configuration does not allow this origin, method or headers", ru: 'Настройка CORS бакета не разрешает этот источник, метод или заголовки' });
  return reply
    .status(204)
    .header('access-control-allow-origin', rule.origins.includes('*') ? '*' : origin)
    .header('access-control-allow-methods', rule.methods.join(', '))
    .header('access-control-allow-headers', asked.join(', ') || 'content-type')
    .header('access-control-max-age', String(rule.maxAgeSeconds))
    .send();
}

/** A JSON body of at most `limit` bytes from a raw request stream. */
export async function readJsonBody(req: FastifyRequest, limit = 64 * 1024): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.raw) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new AppError('tooLarge');
    chunks.push(chunk as Buffer);
  }
  try {
    return size === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AppError('invalidInput', { zh: '请求体须为 JSON', en: 'The body must be JSON', ru: 'Тело запроса должно быть JSON' });
  }
}

/** Custom metadata from `X-Object-Meta-<key>` headers. */
export function metadataOfHeaders(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith('x-object-meta-') && typeof value === 'string') out[name.slice('x-object-meta-'.length)] = value;
  }
  return out;
}
