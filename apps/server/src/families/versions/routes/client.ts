import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint, STREAMED, prepareAnswer, sendPrepared } from '../../../platform/http/register';
import type { VersionsServices } from './context';
import { sendPackage } from './send-package';
import { AppError } from '../../../platform/http/errors';
import { countryOfAcceptLanguage, offeredIn, UNKNOWN_COUNTRY } from '../distribution';

/** The calls apps make from devices, with the app's client key (and the app user's token where one is needed). */
export function clientRoutes(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.downloadExpansion, async ({ params, req, reply }) => {
    const { row, pkg, file } = await s.distribution.fileOf(params.versionId, params.slot);
    if (!offeredIn(row.countries, countryOfAcceptLanguage(req.headers['accept-language']) ?? undefined)) throw new AppError('notOfferedHere');
    await sendPackage(req, reply, s.distribution.objects, pkg, file);
    return STREAMED;
  });
  registerEndpoint(app, versionApi.download, async ({ params, query, req, reply }) => {
    const served = await s.distribution.fileOf(params.versionId);
    const { pkg, file } = served;
    // The device's own code, else its Accept-Language region: refused where the version is
    // not offered, and counted per day, version and country.
    const country = query.country ?? countryOfAcceptLanguage(req.headers['accept-language']) ?? undefined;
    if (!offeredIn(served.row.countries, country)) throw new AppError('notOfferedHere');
    // What lets this device rate and review the app later (docs/ratings.md).
    if (query.deviceId) reply.header('X-Install-Token', s.distribution.installToken(served, query.deviceId, country ?? null));
    await sendPackage(req, reply, s.distribution.objects, pkg, file, () => s.distribution.count(served, country ?? UNKNOWN_COUNTRY));
    return STREAMED;
  });
  registerEndpoint(app, versionApi.updateCheck, async ({ query, req, reply }) => {
    const country = query.country ?? countryOfAcceptLanguage(req.headers['accept-language']) ?? undefined;
    // The service hands out one answer object per release snapshot, so this is mostly a lookup.
    const prepared = prepareAnswer(versionApi.updateCheck, await s.distribution.updateFor({ ...query, country }));
    // Devices poll often: an unchanged answer costs a header exchange, no body.
    reply.header('ETag', prepared.etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Language');
    if (req.headers['if-none-match'] === prepared.etag) {
      reply.code(304).send();
      return STREAMED;
    }
    return sendPrepared(reply, prepared);
  });
}
