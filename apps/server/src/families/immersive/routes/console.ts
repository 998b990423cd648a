import type { FastifyInstance } from 'fastify';
import { immersiveApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ImmersiveServices } from './context';

/** The console's calls: a signed-in member's, checked against the team, project or app and the member's roles. */
export function consoleRoutes(app: FastifyInstance, s: ImmersiveServices): void {
  registerEndpoint(app, immersiveApi.cancelImmersiveAudit, ({ caller, body }) => s.immersive.cancel(caller, body.appId));
  registerEndpoint(app, immersiveApi.createImmersiveInfo, ({ caller, body }) => s.immersive.create(caller, body));
  registerEndpoint(app, immersiveApi.deleteImmersiveInfo, ({ caller, query }) => s.immersive.remove(caller, query.appId));
  registerEndpoint(app, immersiveApi.getImmersiveInfo, ({ caller, query }) => s.immersive.get(caller, query.appId));
  registerEndpoint(app, immersiveApi.imageColor, ({ caller, body }) => s.immersive.imageColor(caller, body.objectId));
  registerEndpoint(app, immersiveApi.submitImmersiveAudit, ({ caller, body }) => s.immersive.submit(caller, body.appId));
  registerEndpoint(app, immersiveApi.updateImmersiveInfo, ({ caller, body }) => s.immersive.update(caller, body));
}
