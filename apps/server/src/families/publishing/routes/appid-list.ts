import type { FastifyInstance } from 'fastify';
import { publishingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { PublishingServices } from './context';

export function appIdListRoute(app: FastifyInstance, s: PublishingServices): void {
  registerEndpoint(app, publishingApi.appIdList, ({ caller, query }) => s.info.appIds(caller, query.packageName));
}
