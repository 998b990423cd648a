import type { FastifyInstance } from 'fastify';
import { abTestingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AbTestingServices } from './context';

/** The console's calls: an app's experiments, their life and their results. */
export function consoleRoutes(app: FastifyInstance, { experiments }: AbTestingServices): void {
  registerEndpoint(app, abTestingApi.listExperiments, ({ caller, query }) => experiments.list(caller, query.appId));
  registerEndpoint(app, abTestingApi.getExperiment, ({ caller, query, params }) => experiments.get(caller, query.appId, params.experimentId));
  registerEndpoint(app, abTestingApi.createExperiment, ({ caller, query, body }) => experiments.create(caller, query.appId, body));
  registerEndpoint(app, abTestingApi.updateExperiment, ({ caller, query, params, body }) => experiments.update(caller, query.appId, params.experimentId, body));
  registerEndpoint(app, abTestingApi.deleteExperiment, ({ caller, query, params }) => experiments.delete(caller, query.appId, params.experimentId));
  registerEndpoint(app, abTestingApi.startExperiment, ({ caller, query, params, body }) => experiments.start(caller, query.appId, params.experimentId, body.revision));
  registerEndpoint(app, abTestingApi.stopExperiment, ({ caller, query, params, body }) => experiments.stop(caller, query.appId, params.experimentId, body.revision));
  registerEndpoint(app, abTestingApi.rollOutExperiment, ({ caller, query, params, body }) => experiments.rollOut(caller, query.appId, params.experimentId, body.revision, body.variant));
  registerEndpoint(app, abTestingApi.experimentResultsCall, ({ caller, query, params }) => experiments.results(caller, query.appId, params.experimentId));
}
