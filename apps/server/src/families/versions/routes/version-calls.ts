import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsService } from '../service';

export function versionRoutes(app: FastifyInstance, s: VersionsService): void {
  registerEndpoint(app, versionApi.createVersion, ({ caller, body, req }) => s.create(caller, body.appId, messageLanguage(req)));
  registerEndpoint(app, versionApi.getVersion, ({ caller, query, req }) => s.get(caller, query.appId, query.versionId, messageLanguage(req)));
  registerEndpoint(app, versionApi.updateVersion, ({ caller, body: { appId, versionId, ...edit }, req }) => s.update(caller, appId, versionId, edit, messageLanguage(req)));
  registerEndpoint(app, versionApi.deleteVersion, async ({ caller, query }) => {
    await s.remove(caller, query.appId, query.versionId);
    return {};
  });
  registerEndpoint(app, versionApi.versionList, ({ caller, query, req }) => s.list(caller, query, false, messageLanguage(req)));
  registerEndpoint(app, versionApi.deleteVersionLanguage, ({ caller, query, req }) => s.removeLanguage(caller, query.appId, query.versionId, query.language, messageLanguage(req)));
  registerEndpoint(app, versionApi.lastOnShelf, ({ caller, query, req }) => s.lastOnShelf(caller, query.appId, messageLanguage(req)));
  registerEndpoint(app, versionApi.historyVersionList, ({ caller, query, req }) => s.list(caller, query, true, messageLanguage(req)));
  registerEndpoint(app, versionApi.historyVersion, ({ caller, query, req }) => s.history(caller, query.appId, query.versionId, messageLanguage(req)));
}
