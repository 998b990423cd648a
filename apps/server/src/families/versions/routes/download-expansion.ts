import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint, STREAMED } from '../../../platform/http/register';
import type { VersionsServices } from './context';
import { sendPackage } from './send-package';

export function downloadExpansionRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.downloadExpansion, async ({ params, req, reply }) => {
    const { pkg, file } = await s.distribution.fileOf(params.versionId, params.slot);
    await sendPackage(req, reply, s.distribution.storage, pkg, file);
    return STREAMED;
  });
}
