import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsService } from '../service';

export function transitionRoutes(app: FastifyInstance, s: VersionsService): void {
  registerEndpoint(app, versionApi.submitVersion, ({ caller, body, req }) => s.submit(caller, body.appId, body.versionId, messageLanguage(req)));
  registerEndpoint(app, versionApi.cancelOnShelf, ({ caller, body, req }) => s.cancelOnShelf(caller, body.appId, body.versionId, messageLanguage(req)));
  registerEndpoint(app, versionApi.onShelfTime, ({ caller, body, req }) => s.onShelfTime(caller, body.appId, body.versionId, body, messageLanguage(req)));
  registerEndpoint(app, versionApi.shelfOff, ({ caller, body, req }) => s.request(caller, body.appId, body.versionId, 'shelfOff', body.reason, messageLanguage(req)));
  registerEndpoint(app, versionApi.cancelShelfOff, ({ caller, body, req }) => s.cancelShelfOff(caller, body.appId, body.versionId, messageLanguage(req)));
  registerEndpoint(app, versionApi.rollback, ({ caller, body, req }) => s.request(caller, body.appId, body.versionId, 'rollback', body.reason, messageLanguage(req)));
  registerEndpoint(app, versionApi.urgeAudit, ({ caller, body, req }) => s.urge(caller, body.appId, body.versionId, messageLanguage(req)));
}
