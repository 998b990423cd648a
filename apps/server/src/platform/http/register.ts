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
