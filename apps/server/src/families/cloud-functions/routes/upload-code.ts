import type { FastifyInstance } from 'fastify';
import { cloudFunctionsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { CloudFunctionsServices } from './context';

export function uploadCodeRoute(app: FastifyInstance, s: CloudFunctionsServices): void {
  registerEndpoint(app, cloudFunctionsApi.uploadCode, ({ caller, query, body }) => s.functions.uploadCode(caller, query.projectId, query.functionId, body.objectId, body.entry));
}
