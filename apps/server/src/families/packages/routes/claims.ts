import type { FastifyInstance } from 'fastify';
import { packageApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import { claimOut } from '../claims';
import type { PackagesServices } from './context';

export function claimRoutes(app: FastifyInstance, { claims: s }: PackagesServices): void {
  registerEndpoint(app, packageApi.startClaim, async ({ caller, body, req }) => ({ claim: claimOut(await s.start(caller, body), messageLanguage(req)) }));
  registerEndpoint(app, packageApi.getClaim, async ({ caller, query, req }) => ({
    claim: claimOut(query.claimId ? await s.get(caller, query.claimId) : await s.newestOfApp(caller, query.appId!), messageLanguage(req)),
  }));
  registerEndpoint(app, packageApi.withdrawClaim, async ({ caller, query, req }) => ({ claim: claimOut(await s.withdraw(caller, query.claimId), messageLanguage(req)) }));
  registerEndpoint(app, packageApi.checkClaim, async ({ caller, body, req }) => {
    const lang = messageLanguage(req);
    const reasons = (await s.check(caller, body.appId, body.packageName)).map((b) => ({ code: b.code, message: b[lang] }));
    return { claimable: reasons.length === 0, reasons };
  });
  registerEndpoint(app, packageApi.decideClaim, async ({ caller, body, req }) => ({ claim: claimOut(await s.decide(caller, body.claimId, body.approve, body.reason), messageLanguage(req)) }));
}
