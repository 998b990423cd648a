import type { FastifyInstance } from 'fastify';
import { teamApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function auditLogRoute(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, teamApi.auditEventList, ({ caller, query }) => s.auditLog.list(caller, query));
}
