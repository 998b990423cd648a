import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';

/** As the specification spells it. */
const PREFIX = 'cds/app-distirbution/v1/all';
const deviceId = z.string().trim().min(1).max(128);
/** A two-letter country or region code (ISO 3166-1), as devices send it; kept in capitals. */
export const deviceCountry = z.string().regex(/^[A-Za-z]{2}$/, 'a two-letter country code').transform((c) => c.toUpperCase());

export const updateCheck = defineEndpoint({
  id: 'distribution.updateCheck',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/update',
  access: 'device',
  summary: 'What this device should install: the on-shelf version when newer than the installed one; ETag / If-None-Match',
  query: z.object({
    packageName: z.string().trim().min(1).max(128),
    versionCode: z.coerce.number().int().min(0),
    deviceId,
    country: deviceCountry.optional(),
    platform: z.string().max(16).default('android'),
    /** From the open-test page: a tester in a group of an active test gets its test version. */
    testerToken: z.string().min(1).max(128).optional(),
  }),
  response: okResponse({
    update: z
      .object({
        versionId: z.string(),
        versionCode: z.number().int(),
        versionName: z.string().nullable(),
        size: z.number().int(),
        sha256: z.string(),
        downloadUrl: z.string(),
        /** A test version, offered for the tester token. */
        test: z.boolean().optional(),
        /** The version's expansion files (OBB), to be stored beside the app. */
        expansionFiles: z.array(z.object({ slot: z.enum(['main', 'patch']), fileName: z.string(), size: z.number().int(), sha256: z.string(), downloadUrl: z.string() })).optional(),
      })
      .nullable(),
  }),
});

export const download = defineEndpoint({
  id: 'distribution.download',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/download/:versionId',
  access: 'device',
  summary: "The package file of an on-shelf version, with Range; counted per day, version and country",
  params: z.object({ versionId: z.uuid() }),
  // A browser download from the store page (its QR code) names no device.
  query: z.object({ deviceId: deviceId.optional(), country: deviceCountry.optional() }),
  response: okResponse({}),
});

export const downloadExpansion = defineEndpoint({
  id: 'distribution.downloadExpansion',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/download/:versionId/expansion/:slot',
  access: 'device',
  summary: "An expansion file (OBB) of a version devices are offered now, with Range; downloads of the app's package are what is counted",
  params: z.object({ versionId: z.uuid(), slot: z.enum(['main', 'patch']) }),
  response: okResponse({}),
});
