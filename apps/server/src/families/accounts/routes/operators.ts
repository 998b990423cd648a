import type { FastifyInstance } from 'fastify';
import { operatorApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function operatorRoutes(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, operatorApi.operatorList, async () => ({ items: await s.operators.list() }));
  registerEndpoint(app, operatorApi.grantOperatorRole, async ({ caller, body }) => ({ userId: await s.operators.grant(caller, body.email, body.role) }));
  registerEndpoint(app, operatorApi.revokeOperatorRole, async ({ caller, params }) => {
    await s.operators.revoke(caller, params.userId, params.role);
    return {};
  });
}
