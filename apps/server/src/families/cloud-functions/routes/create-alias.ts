import type { FastifyInstance } from 'fastify';
import { cloudFunctionsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { CloudFunctionsServices } from './context';

export function createAliasRoute(app: FastifyInstance, s: CloudFunctionsServices): void {
  registerEndpoint(app, cloudFunctionsApi.createAlias, ({ caller, query, body }) => s.releases.createAlias(caller, query.projectId, query.functionId, body.name, body));
}
