import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FUNCTION_LIMITS } from '@wharf/rules';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/errors';
import { rateKey } from '../../platform/rate-limit';
import { refuseOnUserContent } from '../../platform/user-content';
import type { FunctionRuntime, Ran } from './runtime';
import { callerOfFunction } from './trigger-auth';

const REQUEST_ID = /^[\w.:-]{1,128}$/;
const PATH = /^\/functions\/([0-9a-f-]{36})\/([a-z0-9-]{1,64})\/([^/?]+)(\/[^?]*)?/;
// Headers a function's answer may not set: the connection's and the origin's own.
const KEPT_FROM_ANSWER = /^(?!(connection|keep-alive|transfer-encoding|content-length|upgrade|set-cookie|content-security-policy|x-request-id)$)[a-z0-9-]{1,64}$/i;
const TEXT_TYPE = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript)|[^;]*\+json|[^;]*\+xml)/i;

const refuse = refuseOnUserContent;

/** AppGallery Connect's HTTP trigger event (FunctionGraph's API gateway shape). */
function eventOf(req: FastifyRequest, subPath: string, requestId: string) {
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const text = TEXT_TYPE.test(String(req.headers['content-type'] ?? 'text/plain')) || raw.length === 0;
  // Fastify's parse of the query; a repeated name keeps its last value, as API gateways do.
  const query = Object.fromEntries(Object.entries((req.query ?? {}) as Record<string, string | string[]>).map(([k, v]) => [k, Array.isArray(v) ? v[v.length - 1]! : v]));
  return {
    httpMethod: req.method, path: subPath, headers: req.headers, queryStringParameters: query,
    body: text ? raw.toString('utf8') : raw.toString('base64'), isBase64Encoded: !text, requestContext: { requestId },
  };
}

/** The function's answer as HTTP: `context.HTTPResponse`, an API-gateway shaped object, or any JSON result. */
function send(reply: FastifyReply, ran: Ran & { ok: true }) {
  const shaped = ran.http ?? (isGatewayAnswer(ran.result) ? { statusCode: ran.result.statusCode, headers: ran.result.headers ?? {}, contentType: undefined, body: ran.result.body, base64: ran.result.isBase64Encoded === true } : null);
  if (!shaped) return reply.status(200).type('application/json; charset=utf-8').send(JSON.stringify(ran.result));
  for (const [name, value] of Object.entries(shaped.headers ?? {})) if (KEPT_FROM_ANSWER.test(name) && (typeof value === 'string' || typeof value === 'number')) reply.header(name, String(value));
  const status = Number.isInteger(shaped.statusCode) && shaped.statusCode >= 100 && shaped.statusCode <= 599 ? shaped.statusCode : 200;
  const body = shaped.body;
  if ('base64' in shaped && shaped.base64 && typeof body === 'string') return reply.status(status).send(Buffer.from(body, 'base64'));
  if (typeof body === 'string') return reply.status(status).type(shaped.contentType ?? String(reply.getHeader('content-type') ?? 'text/plain; charset=utf-8')).send(body);
  return reply.status(status).type(shaped.contentType ?? 'application/json; charset=utf-8').send(JSON.stringify(body ?? null));
}

function isGatewayAnswer(r: unknown): r is { statusCode: number; headers?: Record<string, unknown>; body?: unknown; isBase64Encoded?: boolean } {
  return typeof r === 'object' && r !== null && typeof (r as { statusCode?: unknown }).statusCode === 'number' && 'body' in r;
}

/**
 * Every function's HTTP address, on the user-content origin only: `/functions/<project>/<name>/<qualifier>[/sub/path]`,
 * any method; the request id (`X-Request-Id`, else a new one) picks the version of a split alias.
 */
export function registerTrigger(deps: Pick<Deps, 'userContent' | 'rateLimits' | 'config' | 'credentials' | 'projectScopes'>, runtime: FunctionRuntime): void {
  const { userContent, rateLimits, config } = deps;
  void userContent.app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FUNCTION_LIMITS.eventBytes }, (_req, body, done) => done(null, body));
    scope.all('/functions/*', async (req, reply) => {
      const m = PATH.exec(req.url);
      if (!m) return refuse(req, reply, 'notFound');
      const [, projectId, name, encoded, subPath] = m;
      // `$latest` may arrive as `%24latest` (Fastify refuses a broken escape before this route).
      const qualifier = decodeURIComponent(encoded!);
      const given = req.headers['x-request-id'];
      const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      reply.header('x-request-id', requestId);
      const verdict = await rateLimits.hit(rateKey('functionHttp', 'function', `${projectId}/${name}`), config.rateLimits.functionHttp!);
      if (!verdict.allowed) return refuse(req, reply, 'rateLimited', undefined, { 'retry-after': String(verdict.retryAfterSeconds) });
      let ran: Ran | null;
      try {
        const found = await runtime.find(projectId!, name!);
        if (!found) return refuse(req, reply, 'notFound');
        const auth = await callerOfFunction(deps, req, found.fn);
        ran = await runtime.call(found, qualifier, eventOf(req, subPath ?? '/', requestId), requestId, { trigger: 'http', auth });
      } catch (e) {
        if (e instanceof AppError) return refuse(req, reply, e.retName, e.text ?? undefined, e.headers);
        throw e;
      }
      if (!ran) return refuse(req, reply, 'notFound');
      reply.header('x-function-version', ran.ran);
      if (ran.ok) return send(reply, ran);
      const why = { zh: ran.message, en: ran.message, ru: ran.message };
      return refuse(req, reply, ran.reason === 'timeout' ? 'functionTimeout' : 'functionFailed', why);
    });
  });
}
