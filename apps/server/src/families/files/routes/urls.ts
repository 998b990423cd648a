import type { FastifyInstance } from 'fastify';
import { fileApi } from '@wharf/contract';
import { bodyStream } from './upload';
import { registerEndpoint } from '../../../platform/http/register';
import type { FilesServices } from './context';

export function urlRoutes(app: FastifyInstance, { urls: s, idleMs }: FilesServices): void {
  registerEndpoint(app, fileApi.uploadUrl, async ({ caller, body }) => {
    const [one] = await s.issue(caller, [body], { zoneId: body.zoneId, expiresInSeconds: body.expiresInSeconds, exact: false });
    return one!;
  });
  registerEndpoint(app, fileApi.uploadUrlV2, async ({ caller, body }) => {
    const [one] = await s.issue(caller, [body], { zoneId: body.zoneId, expiresInSeconds: body.expiresInSeconds, exact: true });
    return one!;
  });
  registerEndpoint(app, fileApi.uploadObjectsUrl, async ({ caller, body }) => ({
    urlsInfo: await s.issue(caller, body.objects, { zoneId: body.zoneId, expiresInSeconds: body.expiresInSeconds, exact: false }),
  }));
  registerEndpoint(app, fileApi.uploadSigned, async ({ params, query, req, caller }) => ({ object: await s.receive(params.ticketId, query.expires, query.sig, bodyStream(req.body, idleMs), caller.ip) }));
  registerEndpoint(app, fileApi.downloadObjectsUrl, ({ caller, body }) => s.downloads(caller, body.objectIds, body.expiresInSeconds));
}
