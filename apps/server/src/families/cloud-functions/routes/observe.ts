import type { FastifyInstance } from 'fastify';
import { cloudFunctionsApi as api } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { CloudFunctionsServices } from './context';

/** A function's logs, calls and metrics. */
export function observeRoutes(app: FastifyInstance, { observer }: CloudFunctionsServices): void {
  registerEndpoint(app, api.searchLogs, async ({ query }) => observer.logs(query));
  registerEndpoint(app, api.listInvocations, async ({ query }) => observer.invocations(query));
  registerEndpoint(app, api.functionMetrics, async ({ query }) => observer.metrics(query));
}
