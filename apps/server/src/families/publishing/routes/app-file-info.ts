import type { FastifyInstance } from 'fastify';
import { publishingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { PublishingServices } from './context';

export function appFileInfoRoute(app: FastifyInstance, s: PublishingServices): void {
  registerEndpoint(app, publishingApi.appFileInfo, ({ caller, query, body }) => s.releases.attachFile(caller, query.appId, body.files[0]!.fileDestUrl));
  registerEndpoint(app, publishingApi.appPackageInfoV3, ({ caller, query, body }) => s.releases.attachPackage(caller, query.appId, body.objectId));
}
