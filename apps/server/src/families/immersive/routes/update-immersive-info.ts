import type { FastifyInstance } from 'fastify';
import { immersiveApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ImmersiveServices } from './context';

export function updateImmersiveInfoRoute(app: FastifyInstance, s: ImmersiveServices): void {
  registerEndpoint(app, immersiveApi.updateImmersiveInfo, ({ caller, body }) => s.immersive.update(caller, body));
}
