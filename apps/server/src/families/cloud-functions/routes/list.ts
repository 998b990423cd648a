import type { FastifyInstance } from 'fastify';
import { cloudFunctionsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { CloudFunctionsServices } from './context';

export function listFunctionsRoute(app: FastifyInstance, s: CloudFunctionsServices): void {
  registerEndpoint(app, cloudFunctionsApi.listFunctions, ({ query }) => s.functions.list(query));
}
