import type { FastifyInstance } from 'fastify';
import { cloudFunctionsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { CloudFunctionsServices } from './context';

export function deleteVersionRoute(app: FastifyInstance, s: CloudFunctionsServices): void {
  registerEndpoint(app, cloudFunctionsApi.deleteVersion, ({ caller, query }) => s.releases.deleteVersion(caller, query.projectId, query.functionId, query.version));
}
