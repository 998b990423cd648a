import type { FastifyInstance } from 'fastify';
import { cloudFunctionsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { CloudFunctionsServices } from './context';

export function publishVersionRoute(app: FastifyInstance, s: CloudFunctionsServices): void {
  registerEndpoint(app, cloudFunctionsApi.publishVersion, ({ caller, query, body }) => s.releases.publish(caller, query.projectId, query.functionId, body.description));
}
