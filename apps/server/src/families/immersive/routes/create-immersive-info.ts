import type { FastifyInstance } from 'fastify';
import { immersiveApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ImmersiveServices } from './context';

export function createImmersiveInfoRoute(app: FastifyInstance, s: ImmersiveServices): void {
  registerEndpoint(app, immersiveApi.createImmersiveInfo, ({ caller, body }) => s.immersive.create(caller, body));
}
