import type { FastifyInstance } from 'fastify';
import { immersiveApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ImmersiveServices } from './context';

export function getImmersiveInfoRoute(app: FastifyInstance, s: ImmersiveServices): void {
  registerEndpoint(app, immersiveApi.getImmersiveInfo, ({ caller, query }) => s.immersive.get(caller, query.appId));
}
