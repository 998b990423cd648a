import type { FastifyInstance } from 'fastify';
import { hostingApi as api } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import { bodyStream } from '../../files/public';
import type { HostingServices } from './context';

/** The console's calls: a project's members, held to their roles. */
export function consoleRoutes(app: FastifyInstance, { sites, deploy, domains, deps }: HostingServices): void {
  const project = (caller: { projectId: string | null }) => caller.projectId!;
  registerEndpoint(app, api.listSites, ({ caller }) => sites.list(project(caller)));
  registerEndpoint(app, api.createSite, ({ caller, body }) => sites.create(caller, project(caller), body.name));
  registerEndpoint(app, api.deleteSite, ({ caller, query }) => sites.remove(caller, project(caller), query.site, (site) => deploy.dropSite(site)));
  registerEndpoint(app, api.listVersions, ({ caller, query }) => sites.versions(project(caller), query.site));
  registerEndpoint(app, api.deployZip, ({ caller, query, body }) => deploy.deployZip(caller, project(caller), query.site, body));
  registerEndpoint(app, api.createVersion, ({ caller, query, body }) => deploy.createVersion(caller, project(caller), query.site, body.note));
  registerEndpoint(app, api.uploadVersionFile, ({ caller, query, req }) => deploy.uploadFile(project(caller), query.site, query.version, query.path, bodyStream(req.body, deps.config.uploadIdleTimeoutMs)));
  registerEndpoint(app, api.finalizeVersion, ({ caller, query, body }) => deploy.finalize(caller, project(caller), query.site, body.version, body.channel));
  registerEndpoint(app, api.releaseVersion, ({ caller, query, body }) => sites.release(caller, project(caller), query.site, body.version, body.channel));
  registerEndpoint(app, api.deleteChannel, ({ caller, query }) => sites.deleteChannel(caller, project(caller), query.site, query.channel));
  registerEndpoint(app, api.getSiteConfig, ({ caller, query }) => sites.config(project(caller), query.site));
  registerEndpoint(app, api.putSiteConfig, ({ caller, query, body }) => sites.putConfig(caller, project(caller), query.site, body.config));
  registerEndpoint(app, api.listDomains, ({ caller, query }) => domains.list(project(caller), query.site));
  registerEndpoint(app, api.addDomain, ({ caller, query, body }) => domains.add(caller, project(caller), query.site, body.domain));
  registerEndpoint(app, api.deleteDomain, ({ caller, query }) => domains.remove(caller, project(caller), query.site, query.domain));
}
