import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

/** The console's calls: a signed-in member's, checked against the team, project or app and the member's roles. */
export function consoleRoutes(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.cancelOnShelf, ({ caller, body, req }) => s.versions.cancelOnShelf(caller, body.appId, body.versionId, messageLanguage(req)));
  registerEndpoint(app, versionApi.cancelShelfOff, ({ caller, body, req }) => s.versions.cancelShelfOff(caller, body.appId, body.versionId, messageLanguage(req)));
  registerEndpoint(app, versionApi.createVersion, ({ caller, body, req }) => s.versions.create(caller, body.appId, messageLanguage(req)));
  registerEndpoint(app, versionApi.deleteVersionLanguage, ({ caller, query, req }) => s.versions.removeLanguage(caller, query.appId, query.versionId, query.language, messageLanguage(req)));
  registerEndpoint(app, versionApi.deleteVersion, async ({ caller, query }) => {
    await s.versions.remove(caller, query.appId, query.versionId);
    return {};
  });
  registerEndpoint(app, versionApi.distributionApp, ({ caller, query, req }) => s.overview.app(caller, query.appId, messageLanguage(req)));
  registerEndpoint(app, versionApi.distributionService, ({ caller }) => s.overview.service(caller));
  registerEndpoint(app, versionApi.downloadStats, ({ caller, query }) => s.stats.downloads(caller, query));
  registerEndpoint(app, versionApi.getVersion, ({ caller, query, req }) => s.versions.get(caller, query.appId, query.versionId, messageLanguage(req)));
  registerEndpoint(app, versionApi.historyVersionList, ({ caller, query, req }) => s.versions.list(caller, query, true, messageLanguage(req)));
  registerEndpoint(app, versionApi.historyVersion, ({ caller, query, req }) => s.versions.history(caller, query.appId, query.versionId, messageLanguage(req)));
  registerEndpoint(app, versionApi.lastOnShelf, ({ caller, query, req }) => s.versions.lastOnShelf(caller, query.appId, messageLanguage(req)));
  registerEndpoint(app, versionApi.onShelfTime, ({ caller, body, req }) => s.versions.onShelfTime(caller, body.appId, body.versionId, body, messageLanguage(req)));
  registerEndpoint(app, versionApi.packageApk, ({ caller, body, req }) => s.packages.bind(caller, 'apk', body, messageLanguage(req)));
  registerEndpoint(app, versionApi.packageExe, ({ caller, body, req }) => s.packages.bind(caller, 'exe', body, messageLanguage(req)));
  registerEndpoint(app, versionApi.packageNone, ({ caller, body, req }) => s.packages.none(caller, body, messageLanguage(req)));
  registerEndpoint(app, versionApi.packageObb, ({ caller, body, req }) => s.packages.expansion(caller, body, messageLanguage(req)));
  registerEndpoint(app, versionApi.packageRpk, ({ caller, body, req }) => s.packages.bind(caller, 'rpk', body, messageLanguage(req)));
  registerEndpoint(app, versionApi.packageWpk, ({ caller, body, req }) => s.packages.bind(caller, 'wpk', body, messageLanguage(req)));
  registerEndpoint(app, versionApi.phasedReleaseHistory, ({ caller, query }) => s.phased.history(caller, query.appId, query.versionId));
  registerEndpoint(app, versionApi.changePhasedRelease, ({ caller, body: { appId, versionId, ...change } }) => s.phased.change(caller, appId, versionId, change));
  registerEndpoint(app, versionApi.preparingVersion, ({ caller, query, req }) => s.versions.preparing(caller, query.appId, messageLanguage(req)));
  registerEndpoint(app, versionApi.rollbackCancel, ({ caller, query, req }) => s.versions.cancelRollback(caller, query.appId, query.versionId, messageLanguage(req)));
  registerEndpoint(app, versionApi.rollback, ({ caller, body, req }) => s.versions.request(caller, body.appId, body.versionId, 'rollback', body.reason, messageLanguage(req)));
  registerEndpoint(app, versionApi.shelfOff, ({ caller, body, req }) => s.versions.request(caller, body.appId, body.versionId, 'shelfOff', body.reason, messageLanguage(req)));
  registerEndpoint(app, versionApi.submitVersion, ({ caller, body, req }) => s.versions.submit(caller, body.appId, body.versionId, messageLanguage(req)));
  registerEndpoint(app, versionApi.updateVersion, ({ caller, body: { appId, versionId, ...edit }, req }) => s.versions.update(caller, appId, versionId, edit, messageLanguage(req)));
  registerEndpoint(app, versionApi.urgeAudit, ({ caller, body, req }) => s.versions.urge(caller, body.appId, body.versionId, messageLanguage(req)));
  registerEndpoint(app, versionApi.versionList, ({ caller, query, req }) => s.versions.list(caller, query, false, messageLanguage(req)));
}
