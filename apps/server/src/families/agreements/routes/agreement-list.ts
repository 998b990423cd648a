import type { FastifyInstance } from 'fastify';
import { agreementApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AgreementsServices } from './context';

export function agreementListRoute(app: FastifyInstance, s: AgreementsServices): void {
  registerEndpoint(app, agreementApi.agreementList, ({ caller }) => s.agreements.list(caller));
}
