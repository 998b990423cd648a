import type { FastifyInstance } from 'fastify';
import { remoteConfigApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { RemoteConfigServices } from './context';

/** The console's calls: an app's draft, its versions and its settings. */
export function consoleRoutes(app: FastifyInstance, { config, review, preview }: RemoteConfigServices): void {
  registerEndpoint(app, remoteConfigApi.getRemoteConfig, ({ caller, query }) => config.get(caller, query.appId));
  registerEndpoint(app, remoteConfigApi.saveRemoteDraft, ({ caller, query, body }) => config.saveDraft(caller, query.appId, body.template, body.revision));
  registerEndpoint(app, remoteConfigApi.discardRemoteDraft, ({ caller, query }) => config.discardDraft(caller, query.appId));
  registerEndpoint(app, remoteConfigApi.publishRemoteConfig, ({ caller, query, body }) => config.publish(caller, query.appId, body.revision, body.description));
  registerEndpoint(app, remoteConfigApi.listRemoteVersions, ({ caller, query }) => config.versions(caller, query.appId, query.pageSize, query.cursor, query.withTotal));
  registerEndpoint(app, remoteConfigApi.getRemoteVersion, ({ caller, query, params }) => config.version(caller, query.appId, params.number));
  registerEndpoint(app, remoteConfigApi.rollBackRemoteConfig, ({ caller, query, params }) => config.rollBack(caller, query.appId, params.number));
  registerEndpoint(app, remoteConfigApi.setRemoteSettings, ({ caller, query, body }) => config.setSettings(caller, query.appId, body));
  registerEndpoint(app, remoteConfigApi.requestRemoteReview, ({ caller, query, body }) => review.request(caller, query.appId, body.revision, body.description));
  registerEndpoint(app, remoteConfigApi.approveRemoteReview, ({ caller, query, body }) => review.approve(caller, query.appId, body.revision));
  registerEndpoint(app, remoteConfigApi.rejectRemoteReview, ({ caller, query, body }) => review.reject(caller, query.appId, body.comment));
  registerEndpoint(app, remoteConfigApi.previewRemoteConfig, ({ caller, query, body }) => preview(caller, query.appId, body.source, body.deviceId, body.attributes));
}
