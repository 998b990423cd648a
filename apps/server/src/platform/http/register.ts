import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ALL_ENDPOINTS, RET_CODES, type Endpoint } from '@wharf/contract';
import type { Caller } from './access';

type Out<T> = T extends z.ZodType ? z.output<T> : never;

export interface CallInput<E extends Endpoint> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  caller: Caller;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Returned by a handler that answered itself (a file stream): no envelope is added. */
export const STREAMED: unique symbol = Symbol('streamed');

/** What a handler returns: the answer's data fields; the `ret` envelope is added here. */
export type CallResult<E extends Endpoint> = Omit<Out<E['response']>, 'ret'>;

export type CallHandler<E extends Endpoint> = (input: CallInput<E>) => Promise<CallResult<E> | typeof STREAMED>;

const SUCCESS = { code: RET_CODES.success.code, msg: RET_CODES.success.en };

/**
 * An answer of one list field assembled from items serialised (and checked against the
 * item's schema) once each, for answers that pick a different few of many items per
 * request (in-app messages per device): no whole-answer parse per request.
 */
export function prepareFromItems(endpoint: Endpoint, field: string, items: readonly string[], etagOf: string): PreparedAnswer {
  const body = `{"ret":${JSON.stringify(SUCCESS)},${JSON.stringify(field)}:[${items.join(',')}]}`;
  return { endpoint, body, etag: `"${createHash('sha256').update(etagOf).digest('base64url').slice(0, 27)}"` };
}

export interface PreparedAnswer {
  endpoint: Endpoint;
  body: string;
  /** A strong validator of the body: equal answers share it, so clients revalidate cheaply. */
  etag: string;
}

const PREPARED = new WeakMap<object, PreparedAnswer>();

/**
 * An answer sent many times unchanged (the same update offered to every device of an
 * app): enveloped, checked against the endpoint's schema, serialised and hashed once per
 * answer object instead of once per request. Callers keep the object for as long as the
 * answer holds.
 */
export function prepareAnswer<E extends Endpoint>(endpoint: E, data: CallResult<E>): PreparedAnswer {
  const known = PREPARED.get(data);
  if (known?.endpoint === endpoint) return known;
  const body = JSON.stringify(endpoint.response.parse({ ret: SUCCESS, ...data }));
  const prepared = { endpoint, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  PREPARED.set(data, prepared);
  return prepared;
}

/** Sends a prepared answer's bytes as they are (a JSON string skips the per-request serialiser). */
export function sendPrepared(reply: FastifyReply, prepared: PreparedAnswer): typeof STREAMED {
  reply.type('application/json; charset=utf-8').send(prepared.body);
  return STREAMED;
}

/**
 * A device's answer revalidated with its ETag: 304 with no body when the device holds it
 * already, else the prepared bytes; kept privately and asked again each time.
 */
export function sendPreparedOr304(req: FastifyRequest, reply: FastifyReply, prepared: PreparedAnswer): typeof STREAMED {
  reply.header('ETag', prepared.etag).header('Cache-Control', 'private, no-cache');
  if (req.headers['if-none-match'] === prepared.etag) {
    reply.code(304).send();
    return STREAMED;
  }
  return sendPrepared(reply, prepared);
}

/**
 * Sends an answer a hot path built from parts already checked (rows of typed columns): typed
 * against the endpoint's answer at compile time, serialised once, without checking it again
 * per request (for a page of documents the check cost more than the query).
 */
export function sendTrusted<E extends Endpoint>(reply: FastifyReply, _endpoint: E, data: CallResult<E>): typeof STREAMED {
  reply.type('application/json; charset=utf-8').send(JSON.stringify({ ret: SUCCESS, ...data }));
  return STREAMED;
}

/** Calls the contract lists twice (under a second family's path), by the id of the one they repeat. */
const ALIASES = new Map<string, Endpoint[]>();
for (const e of ALL_ENDPOINTS) if (e.aliasOf) ALIASES.set(e.aliasOf, [...(ALIASES.get(e.aliasOf) ?? []), e]);

/**
 * Registers one contract endpoint. The contract supplies path, method, schemas and access
 * level; nothing about a route is declared twice.
 */
export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: CallHandler<E>): void {
  route(app, endpoint, handler);
  for (const alias of ALIASES.get(endpoint.id) ?? []) route(app, alias as E, handler);
}

function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: CallHandler<E>): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.fullPath,
    schema: {
      operationId: endpoint.id,
      summary: endpoint.summary,
      tags: [endpoint.prefix],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response },
    },
    config: { endpoint },
    handler: async (req, reply) => {
      const data = await handler({
        params: req.params as Out<E['params']>,
        query: req.query as Out<E['query']>,
        body: req.body as Out<E['body']>,
        caller: req.caller,
        req,
        reply,
      });
      if (data === STREAMED) return reply;
      return { ret: SUCCESS, ...data };
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
}
