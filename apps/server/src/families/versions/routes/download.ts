import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint, STREAMED } from '../../../platform/http/register';
import { countryOfAcceptLanguage, UNKNOWN_COUNTRY } from '../distribution';
import type { VersionsServices } from './context';
import { sendPackage } from './send-package';

export function downloadRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.download, async ({ params, query, req, reply }) => {
    const served = await s.distribution.fileOf(params.versionId);
    const { pkg, file } = served;
    // Counted per day, version and country: the device's own code, else its Accept-Language region.
    await sendPackage(req, reply, s.distribution.storage, pkg, file, () =>
      s.distribution.count(served, query.country ?? countryOfAcceptLanguage(req.headers['accept-language']) ?? UNKNOWN_COUNTRY),
    );
    return STREAMED;
  });
}
