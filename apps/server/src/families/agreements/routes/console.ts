import type { FastifyInstance } from 'fastify';
import { agreementApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AgreementsServices } from './context';

/** The console's calls: a signed-in member's, checked against the team, project or app and the member's roles. */
export function consoleRoutes(app: FastifyInstance, s: AgreementsServices): void {
  registerEndpoint(app, agreementApi.agreementCheck, ({ caller, body }) => s.agreements.check(caller, body.appId));
  registerEndpoint(app, agreementApi.agreementList, ({ caller }) => s.agreements.list(caller));
  registerEndpoint(app, agreementApi.signAgreement, ({ caller, body }) => s.agreements.sign(caller, body.agreementId, body.version));
}
