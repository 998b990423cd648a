import type { FastifyInstance } from 'fastify';
import { agreementApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AgreementsServices } from './context';

export function agreementCheckRoute(app: FastifyInstance, s: AgreementsServices): void {
  registerEndpoint(app, agreementApi.agreementCheck, ({ caller, body }) => s.agreements.check(caller, body.appId));
}
