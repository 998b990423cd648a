import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

interface RequestContext {
  ip: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Facts of the request being served, for code far from the route (the audit writer
 * records where a change came from without every service passing the address along).
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    storage.run({ ip: req.ip ?? null }, done);
  });
}

/** The address of the request being served; null outside a request (jobs, due actions). */
export function currentRequestIp(): string | null {
  return storage.getStore()?.ip ?? null;
}
