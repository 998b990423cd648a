import type { FastifyInstance } from 'fastify';
import { cloudFunctionsApi as api } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { CloudFunctionsServices } from './context';

/** A project's layers and their versions. */
export function layerRoutes(app: FastifyInstance, { layers }: CloudFunctionsServices): void {
  registerEndpoint(app, api.listLayers, async ({ query }) => layers.list(query.projectId));
  registerEndpoint(app, api.listLayerVersions, async ({ query }) => layers.versions(query.projectId, query.layerName));
  registerEndpoint(app, api.createLayerVersion, async ({ caller, query, body }) => layers.create(caller, query.projectId, query.layerName, body));
  registerEndpoint(app, api.deleteLayerVersion, async ({ caller, query }) => layers.remove(caller, query.projectId, query.layerName, query.versionNumber));
}
