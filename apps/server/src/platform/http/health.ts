import type { FastifyInstance } from 'fastify';
import { SERVER_VERSION } from '../../version';
import type { Database } from '../db/types';

export interface Health {
  /** From now on the readiness check answers 503; the instance still serves what comes. */
  drain(): void;
}

/**
 * Two checks for whatever runs the instances: `/healthz` (alive: the database answers) and
 * `/readyz` (send me traffic: alive and not shutting down). A balancer that polls readiness
 * stops sending during the drain delay, before the listener closes (docs/operations.md).
 */
export function registerHealth(app: FastifyInstance, database: Database): Health {
  let draining = false;
  const check = async (ready: boolean) => {
    if (ready && draining) return { code: 503, body: { status: 'draining', database: database.kind } };
    try {
      await database.ping();
      return { code: 200, body: { status: 'ok', database: database.kind, version: SERVER_VERSION } };
    } catch {
      return { code: 503, body: { status: 'unavailable', database: database.kind } };
    }
  };
  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    const { code, body } = await check(false);
    return reply.status(code).send(body);
  });
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const { code, body } = await check(true);
    return reply.status(code).send(body);
  });
  return {
    drain: () => {
      draining = true;
    },
  };
}
