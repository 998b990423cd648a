import { z } from 'zod';
import { CONTENT_RATINGS, REGIONS } from '@wharf/rules';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';

const REGION_IDS = REGIONS.map((r) => r.id) as [string, ...string[]];
const names = z.object({ cn: z.string(), en: z.string(), ru: z.string() });

export const regionNames = defineEndpoint({
  id: 'region.names',
  method: 'GET',
  prefix: 'cds/app-distirbution/v1/all',
  path: '/region/names',
  access: 'anonymous',
  summary: 'The eight distribution regions and their countries, named in one display language (given, else from the language header: zh gives cn, else en), each country with its age-rating system',
  query: z.object({ lang: z.enum(['cn', 'en', 'ru']).optional() }),
  response: okResponse({
    lang: z.enum(['cn', 'en', 'ru']),
    regions: z.array(
      z.object({
        id: z.enum(REGION_IDS),
        name: z.string(),
        countries: z.array(z.object({ id: z.string(), name: z.string(), contentRating: z.enum(CONTENT_RATINGS) })),
      }),
    ),
  }),
});

export const regionNamesV2 = defineEndpoint({
  id: 'region.namesV2',
  method: 'GET',
  prefix: 'cds/app-distirbution/v2/all',
  path: '/region/names',
  access: 'app:app.read',
  summary: "The regions and countries in all three display languages, marked with where an app is distributed: its on-shelf version's countries and those of the version being prepared",
  query: z.object({ appId: z.uuid() }),
  response: okResponse({
    regions: z.array(
      z.object({
        id: z.enum(REGION_IDS),
        names,
        /** Countries of the region the on-shelf version is offered in. */
        onShelfCount: z.number().int(),
        countries: z.array(z.object({ id: z.string(), names, contentRating: z.enum(CONTENT_RATINGS), onShelf: z.boolean(), preparing: z.boolean() })),
      }),
    ),
  }),
});
