import type { FastifyInstance } from 'fastify';
import { cloudFunctionsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { CloudFunctionsServices } from './context';

/** The console's calls: a signed-in member's, checked against the team, project or app and the member's roles. */
export function consoleRoutes(app: FastifyInstance, s: CloudFunctionsServices): void {
  registerEndpoint(app, cloudFunctionsApi.listAliases, ({ query }) => s.releases.aliases(query.projectId, query.functionId));
  registerEndpoint(app, cloudFunctionsApi.createAlias, ({ caller, query, body }) => s.releases.createAlias(caller, query.projectId, query.functionId, body.name, body));
  registerEndpoint(app, cloudFunctionsApi.createFunction, ({ caller, query, body }) => s.functions.create(caller, query.projectId, body));
  registerEndpoint(app, cloudFunctionsApi.deleteAlias, ({ caller, query }) => s.releases.deleteAlias(caller, query.projectId, query.functionId, query.alias));
  registerEndpoint(app, cloudFunctionsApi.deleteVersion, ({ caller, query }) => s.releases.deleteVersion(caller, query.projectId, query.functionId, query.version));
  registerEndpoint(app, cloudFunctionsApi.deleteFunction, ({ caller, query }) => s.functions.remove(caller, query.projectId, query.functionId));
  registerEndpoint(app, cloudFunctionsApi.getFunction, ({ query }) => s.functions.get(query.projectId, query.functionId));
  registerEndpoint(app, cloudFunctionsApi.listFunctions, ({ query }) => s.functions.list(query));
  registerEndpoint(app, cloudFunctionsApi.publishVersion, ({ caller, query, body }) => s.releases.publish(caller, query.projectId, query.functionId, body.description));
  registerEndpoint(app, cloudFunctionsApi.updateAlias, ({ caller, query, body }) => s.releases.updateAlias(caller, query.projectId, query.functionId, query.alias, body));
  registerEndpoint(app, cloudFunctionsApi.updateFunction, ({ caller, query, body }) => s.functions.update(caller, query.projectId, query.functionId, body));
  registerEndpoint(app, cloudFunctionsApi.uploadCode, ({ caller, query, body }) => s.functions.uploadCode(caller, query.projectId, query.functionId, body.objectId, body.entry));
  registerEndpoint(app, cloudFunctionsApi.listVersions, ({ query }) => s.releases.versions(query.projectId, query.functionId));
}
