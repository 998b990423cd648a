import type { FastifyInstance } from 'fastify';
import { agreementApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AgreementsServices } from './context';

export function signAgreementRoute(app: FastifyInstance, s: AgreementsServices): void {
  registerEndpoint(app, agreementApi.signAgreement, ({ caller, body }) => s.agreements.sign(caller, body.agreementId, body.version));
}
