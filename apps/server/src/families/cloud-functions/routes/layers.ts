import type { FastifyInstance } from 'fastify';
import { cloudFunctionsApi as api } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { CloudFunctionsServices } from './context';

/** A project's layers and their versions; a function's preload policies and runners. */
export function layerRoutes(app: FastifyInstance, { layers, preload }: CloudFunctionsServices): void {
  registerEndpoint(app, api.listInstances, async ({ query }) => preload.instances(query.projectId, query.functionId));
  registerEndpoint(app, api.listPreloadPolicies, async ({ query }) => preload.list(query.projectId, query.functionId));
  registerEndpoint(app, api.createPreloadPolicy, async ({ caller, query, body }) => preload.create(caller, query.projectId, query.functionId, body));
  registerEndpoint(app, api.updatePreloadPolicy, async ({ caller, query, body }) => preload.update(caller, query.projectId, query.functionId, query.policyId, body));
  registerEndpoint(app, api.deletePreloadPolicy, async ({ caller, query }) => preload.remove(caller, query.projectId, query.functionId, query.policyId));
  registerEndpoint(app, api.listLayers, async ({ query }) => layers.list(query.projectId));
  registerEndpoint(app, api.listLayerVersions, async ({ query }) => layers.versions(query.projectId, query.layerName));
  registerEndpoint(app, api.createLayerVersion, async ({ caller, query, body }) => layers.create(caller, query.projectId, query.layerName, body));
  registerEndpoint(app, api.deleteLayerVersion, async ({ caller, query }) => layers.remove(caller, query.projectId, query.layerName, query.versionNumber));
}
