import type { FastifyInstance } from 'fastify';
import { analyticsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AnalyticsServices } from './context';

/** Audiences: defined, listed, worked out again, and looked up by instance. */
export function audienceRoutes(app: FastifyInstance, { audiences }: AnalyticsServices): void {
  registerEndpoint(app, analyticsApi.listAudiences, ({ caller, query }) => audiences.list(caller, query.appId));
  registerEndpoint(app, analyticsApi.createAudience, ({ caller, query, body }) => audiences.create(caller, query.appId, body));
  registerEndpoint(app, analyticsApi.updateAudience, ({ caller, query, body }) => audiences.update(caller, query.appId, query.audienceId, body));
  registerEndpoint(app, analyticsApi.deleteAudience, ({ caller, query }) => audiences.delete(caller, query.appId, query.audienceId));
  registerEndpoint(app, analyticsApi.recomputeAudience, ({ caller, query }) => audiences.recompute(caller, query.appId, query.audienceId));
  registerEndpoint(app, analyticsApi.audiencesOfInstance, ({ caller, query }) => audiences.ofInstance(caller, query.appId, query.instanceId));
}
