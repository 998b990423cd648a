import type { FastifyInstance } from 'fastify';
import { immersiveApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ImmersiveServices } from './context';

export function deleteImmersiveInfoRoute(app: FastifyInstance, s: ImmersiveServices): void {
  registerEndpoint(app, immersiveApi.deleteImmersiveInfo, ({ caller, query }) => s.immersive.remove(caller, query.appId));
}
