import type { FastifyInstance } from 'fastify';
import { cloudFunctionsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { CloudFunctionsServices } from './context';

export function updateFunctionRoute(app: FastifyInstance, s: CloudFunctionsServices): void {
  registerEndpoint(app, cloudFunctionsApi.updateFunction, ({ caller, query, body }) => s.functions.update(caller, query.projectId, query.functionId, body));
}
