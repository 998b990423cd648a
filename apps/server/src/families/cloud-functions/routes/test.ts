import type { FastifyInstance } from 'fastify';
import { cloudFunctionsApi, type Invocation } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { Ran } from '../runtime';
import type { CloudFunctionsServices } from './context';

/** What the console shows of a call: an HTTP answer as the function built it, or its result. */
export function invocationOut(ran: Ran): Invocation {
  const base = { requestId: ran.requestId, ran: ran.ran, coldStart: ran.coldStart, durationMs: Math.round(ran.ms * 10) / 10, output: ran.output };
  if (ran.ok) return { ...base, outcome: 'ok', result: ran.http ?? ran.result };
  return { ...base, outcome: ran.reason === 'timeout' || ran.reason === 'crashed' ? ran.reason : 'error', error: ran.message };
}

export function testRoutes(app: FastifyInstance, s: CloudFunctionsServices): void {
  registerEndpoint(app, cloudFunctionsApi.testFunction, async ({ query, body }) => ({
    invocation: invocationOut(await s.runtime.callById(query.projectId, query.functionId, body.qualifier, body.event, body.requestId)),
  }));
  registerEndpoint(app, cloudFunctionsApi.listTestEvents, async ({ query }) => s.testEvents.list(query.projectId, query.functionId));
  registerEndpoint(app, cloudFunctionsApi.saveTestEvent, async ({ caller, query, body }) => s.testEvents.save(caller, query.projectId, query.functionId, body.name, body.event));
  registerEndpoint(app, cloudFunctionsApi.deleteTestEvent, async ({ caller, query }) => s.testEvents.remove(caller, query.projectId, query.functionId, query.name));
}
