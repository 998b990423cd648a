import type { FastifyInstance } from 'fastify';
import { appLinksApi as api } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import { forbidden } from '../../../platform/http/errors';
import { linkStats } from '../stats';
import { WORDS } from '../words';
import type { AppLinksServices } from './context';

/** The console's calls (a project's members, held to their roles), the operator's queue and API clients' bulk creation. */
export function consoleRoutes(app: FastifyInstance, s: AppLinksServices): void {
  const project = (caller: { projectId: string | null }) => caller.projectId!;
  registerEndpoint(app, api.getLinkSettings, ({ caller }) => s.settings.get(project(caller)));
  registerEndpoint(app, api.putLinkSettings, ({ caller, body }) => s.settings.put(caller, project(caller), body));
  registerEndpoint(app, api.listPrefixes, ({ caller }) => s.prefixes.list(project(caller)));
  registerEndpoint(app, api.createPrefix, ({ caller, body }) => s.prefixes.create(caller, project(caller), body));
  registerEndpoint(app, api.deletePrefix, ({ caller, params }) => s.prefixes.remove(caller, project(caller), params.prefixId));
  registerEndpoint(app, api.listLinks, ({ caller, query }) => s.links.list(project(caller), query));
  registerEndpoint(app, api.createLink, async ({ caller, body }) => ({ link: (await s.links.create(caller, project(caller), [body])).links[0]! }));
  registerEndpoint(app, api.getLink, ({ caller, params }) => s.links.get(project(caller), params.linkId));
  registerEndpoint(app, api.updateLink, ({ caller, params, body }) => s.links.update(caller, project(caller), params.linkId, body));
  registerEndpoint(app, api.deleteLink, ({ caller, params }) => s.links.remove(caller, project(caller), params.linkId));
  registerEndpoint(app, api.linkStatistics, ({ caller, params, query }) => linkStats(s.deps, project(caller), params.linkId, query.days));
  registerEndpoint(app, api.bulkCreateLinks, async ({ caller, query, body }) => {
    if (!caller.permissions.has('growth.manage')) throw forbidden(WORDS.growthNeeded);
    // A project-level client reaches its own project; a team-level one any project of its team.
    if (caller.projectId ? caller.projectId !== query.projectId : (await s.deps.projectScopes.teamOf(query.projectId)) !== caller.teamId) throw forbidden(WORDS.projectNeeded);
    return s.links.create(caller, query.projectId, body.links);
  });
  registerEndpoint(app, api.listLinkReports, () => s.reports.open());
  registerEndpoint(app, api.decideLinkReport, ({ caller, params, body }) => s.reports.decide(caller, params.reportId, body.decision));
}
