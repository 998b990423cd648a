import type { FastifyInstance } from 'fastify';
import { packageApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import { packageOut } from '../service';
import type { PackagesServices } from './context';

export function quickAppRoutes(app: FastifyInstance, { quickApps: s }: PackagesServices): void {
  registerEndpoint(app, packageApi.registerH5, async ({ caller, body, req }) => ({ package: packageOut(await s.registerH5(caller, body), messageLanguage(req)) }));
  registerEndpoint(app, packageApi.registerRpks, async ({ caller, body, req }) => ({ package: packageOut(await s.registerRpks(caller, body), messageLanguage(req)) }));
  registerEndpoint(app, packageApi.phoneList, ({ caller, body }) => s.devices(caller, body.appId, body.pkgId, body.deviceType));
}
