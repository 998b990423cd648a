import type { FastifyInstance } from 'fastify';
import { packageApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import { packageOut } from '../service';
import type { PackagesServices } from './context';

export function packageRoutes(app: FastifyInstance, { packages: s }: PackagesServices): void {
  registerEndpoint(app, packageApi.addPackage, async ({ caller, body, req }) => ({ package: packageOut(await s.add(caller, body), messageLanguage(req)) }));
  registerEndpoint(app, packageApi.getPackage, async ({ caller, query, req }) => ({ package: packageOut(await s.get(caller, query.appId, query.pkgId), messageLanguage(req)) }));
  registerEndpoint(app, packageApi.updatePackage, async ({ caller, body, req }) => ({ package: packageOut(await s.setRemark(caller, body.appId, body.pkgId, body.remark), messageLanguage(req)) }));
  registerEndpoint(app, packageApi.deletePackage, async ({ caller, query }) => {
    await s.remove(caller, query.appId, query.pkgId);
    return {};
  });
  registerEndpoint(app, packageApi.packageList, async ({ caller, query, req }) => {
    const { page, nextCursor, ...total } = await s.list(caller, query);
    return { items: page.map((r) => packageOut(r, messageLanguage(req))), nextCursor, ...total };
  });
  registerEndpoint(app, packageApi.packageState, async ({ caller, query, req }) => {
    const p = packageOut(await s.get(caller, query.appId, query.pkgId), messageLanguage(req));
    return { parseState: p.parseState, failureCode: p.failureCode, failureReason: p.failureReason };
  });
  registerEndpoint(app, packageApi.packageProcessTask, async ({ caller, query }) => ({
    items: (await s.processing(caller, query.appId)).map((r) => ({ pkgId: r.id, fileName: r.fileName, parseState: r.parseState, createdAt: r.createdAt.toISOString() })),
  }));
}
