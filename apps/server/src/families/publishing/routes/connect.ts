import type { FastifyInstance } from 'fastify';
import { publishingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { PublishingServices } from './context';
import { messageLanguage } from '../../../platform/http/language';

/** The Connect API that CI tools call with an API client's token, in AppGallery Connect's shapes. */
export function connectRoutes(app: FastifyInstance, s: PublishingServices): void {
  registerEndpoint(app, publishingApi.appFileInfo, ({ caller, query, body }) => s.releases.attachFile(caller, query.appId, body.files[0]!.fileDestUrl));
  registerEndpoint(app, publishingApi.appPackageInfoV3, ({ caller, query, body }) => s.releases.attachPackage(caller, query.appId, body.objectId));
  registerEndpoint(app, publishingApi.getAppInfo, ({ caller, query, req }) => s.info.appInfo(caller, query.appId, query.lang, messageLanguage(req)));
  registerEndpoint(app, publishingApi.appIdList, ({ caller, query }) => s.info.appIds(caller, query.packageName));
  registerEndpoint(app, publishingApi.compileStatus, ({ caller, query, req }) => s.releases.compileStatus(caller, query.appId, query.pkgIds, messageLanguage(req)));
  registerEndpoint(app, publishingApi.deleteLanguageInfo, ({ caller, query, req }) => s.info.removeLanguage(caller, query.appId, query.lang, messageLanguage(req)));
  registerEndpoint(app, publishingApi.updateLanguageInfo, ({ caller, query, body, req }) => s.info.setLanguage(caller, query.appId, body, messageLanguage(req)));
  registerEndpoint(app, publishingApi.onShelfTime, ({ caller, query, body, req }) => s.releases.onShelfTime(caller, query.appId, body, messageLanguage(req)));
  registerEndpoint(app, publishingApi.changePhasedRelease, ({ caller, query, body, req }) => s.releases.phasedRelease(caller, query.appId, body, messageLanguage(req)));
  registerEndpoint(app, publishingApi.submitApp, ({ caller, query, body, req }) => s.releases.submit(caller, query.appId, query, body ?? undefined, messageLanguage(req)));
  registerEndpoint(app, publishingApi.submitAppV3, ({ caller, query, body, req }) => s.releases.submitV3(caller, query.appId, query, body ?? undefined, messageLanguage(req)));
  registerEndpoint(app, publishingApi.uploadUrl, ({ caller, query, req }) => s.releases.uploadUrl(caller, query, s.origin(req)));
}
