import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listShape } from '../../kit/list';
import { languageKey } from '../app';
import { deviceCountry } from './distribution-calls';

/** The distribution prefix, as the specification spells it: the store is what devices and visitors see. */
const PREFIX = 'cds/app-distirbution/v1/all';

export const storeListing = z.object({
  appId: z.string(),
  platform: z.string(),
  packageName: z.string(),
  versionId: z.string(),
  versionName: z.string().nullable(),
  /** Null on a pre-registration page (a first release without a package). */
  versionCode: z.number().int().nullable(),
  /** Bytes of the package a download gets; null without a package. */
  size: z.number().int().nullable(),
  /** The package's sha256; null without a package. */
  sha256: z.string().nullable(),
  /** The app is announced without a package yet: no download until its first packaged release. */
  preRegistration: z.boolean(),
  /**
   * The package's kind (`apk`, `aab`, `hap`, `app`, ...); null without a package. A bundle
   * (`aab`) is not installable on a phone by itself: the page says how the app is installed.
   */
  packageKind: z.string().nullable(),
  /** When this version went on shelf. */
  updatedAt: z.string(),
  /** The listing language answered: the one asked for, else the app's default language. */
  language: z.string(),
  /** Every language the version has a listing in. */
  languages: z.array(z.string()),
  name: z.string(),
  brief: z.string(),
  description: z.string(),
  newFeatures: z.string(),
  /** Public, cacheable image addresses (relative to the server). */
  iconUrl: z.string().nullable(),
  screenshotUrls: z.array(z.string()),
  /** The package download (relative to the server): what the QR code carries, made absolute; null on a pre-registration page. */
  downloadUrl: z.string().nullable(),
  /**
   * Whether the version is offered in the visitor's country or region (the `country` asked
   * for, else the region of the browser's language); true when it cannot be told. A
   * download from elsewhere is refused (notOfferedHere), as update checks offer nothing there.
   */
  offeredHere: z.boolean(),
});
export type StoreListing = z.infer<typeof storeListing>;

export const storeApp = defineEndpoint({
  id: 'distribution.storeApp',
  method: 'GET',
  prefix: PREFIX,
  path: '/store/app/:appId',
  access: 'anonymous',
  summary: "An on-shelf app's public store page: the listing in the language asked for (else the default), images, size, download link; 404 for anything not on shelf",
  params: z.object({ appId: z.uuid() }),
  query: z.object({ language: languageKey.optional(), country: deviceCountry.optional() }),
  response: okResponse({ app: storeListing }),
});

export const storeImage = defineEndpoint({
  id: 'distribution.storeImage',
  method: 'GET',
  prefix: PREFIX,
  path: '/store/image/:versionId/:objectId',
  access: 'anonymous',
  summary: 'An icon or screenshot of the listing the store shows now (nothing else: no drafts, no other files); cacheable',
  params: z.object({ versionId: z.uuid(), objectId: z.uuid() }),
  response: okResponse({}),
});

/** One app of the store's front page: enough to choose it, the rest is on its own page. */
export const storeIndexItem = z.object({
  appId: z.string(),
  platform: z.string(),
  language: z.string(),
  name: z.string(),
  brief: z.string(),
  iconUrl: z.string().nullable(),
  preRegistration: z.boolean(),
  offeredHere: z.boolean(),
  /** When the version the store shows went on shelf. */
  updatedAt: z.string(),
});
export type StoreIndexItem = z.infer<typeof storeIndexItem>;

export const storeIndex = defineEndpoint({
  id: 'distribution.storeIndex',
  method: 'GET',
  prefix: PREFIX,
  path: '/store/apps',
  access: 'anonymous',
  summary: "The store's front page: every listed app on shelf, the most recently updated first, each in the language asked for (else its default); keyset pages",
  query: z.object({
    language: languageKey.optional(),
    country: deviceCountry.optional(),
    pageSize: z.coerce.number().int().min(1).max(48).default(24),
    cursor: z.string().max(512).optional(),
  }),
  response: okResponse(listShape(storeIndexItem)),
});
