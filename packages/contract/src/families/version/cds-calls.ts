import { z } from 'zod';
import { defineAlias, defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listShape } from '../../kit/list';
import { testRelease } from '../testing';
import { versionList, historyVersionList } from './calls';
import { changePhasedRelease } from './phased-calls';
import { RELEASE_TYPES, releaseState } from './schemas';
import { cancelOnShelf, onShelfTime, rollback, shelfOff, submitVersion, urgeAudit } from './transition-calls';

/** As the specification spells it. */
const PREFIX = 'cds/app-distirbution/v1/all';

// The distribution family's paths to the version calls (AppGallery Connect's console calls
// either family): the same schemas, access, transitions and audit events.
export const auditSubmit = defineAlias(submitVersion, { id: 'distribution.auditSubmit', prefix: PREFIX, path: '/version/audit/submit' });
export const auditCancel = defineAlias(cancelOnShelf, { id: 'distribution.auditCancel', prefix: PREFIX, path: '/version/audit/cancel' });
export const auditUrge = defineAlias(urgeAudit, { id: 'distribution.auditUrge', prefix: PREFIX, path: '/version/audit/urge' });
export const distributionShelfOff = defineAlias(shelfOff, { id: 'distribution.shelfOff', prefix: PREFIX, path: '/version/shelf-off' });
export const distributionPhasedRelease = defineAlias(changePhasedRelease, { id: 'distribution.phasedRelease', prefix: PREFIX, path: '/version/phased-release' });
export const distributionRollback = defineAlias(rollback, { id: 'distribution.rollback', prefix: PREFIX, path: '/version/rollback' });
export const serviceOnShelfTime = defineAlias(onShelfTime, { id: 'distribution.serviceOnShelfTime', prefix: PREFIX, path: '/service/on-shelf-time' });
export const betaTest = defineAlias(testRelease, { id: 'distribution.betaTest', prefix: PREFIX, path: '/version/beta-test' });
export const distributionVersionList = defineAlias(versionList, { id: 'distribution.versionList', prefix: PREFIX, path: '/version/list' });
export const distributionHistoryVersions = defineAlias(historyVersionList, { id: 'distribution.historyVersions', prefix: PREFIX, path: '/history-versions' });
export const distributionVersionListV2 = defineAlias(versionList, { id: 'distribution.versionListV2', prefix: 'cds/app-distirbution/v2/all', path: '/version/list' });
export const distributionHistoryVersionsV2 = defineAlias(historyVersionList, { id: 'distribution.historyVersionsV2', prefix: 'cds/app-distirbution/v2/all', path: '/history-versions' });

export const DISTRIBUTION_SUMMARY_DAYS = 30;

/** The distribution state of an app at a glance: what devices get, what is being prepared, recent downloads. */
export const distributionApp = defineEndpoint({
  id: 'distribution.app',
  method: 'GET',
  prefix: PREFIX,
  path: '/app',
  access: 'app:app.read',
  summary: "An app's distribution at a glance: in the store or not, the version on shelf (with its phase), the version being prepared, and downloads of the last 30 days",
  query: z.object({ appId: z.uuid() }),
  response: okResponse({
    appId: z.string(),
    /** On the store now (an approved removal takes it off). */
    listed: z.boolean(),
    everOnShelf: z.boolean(),
    onShelf: z
      .object({
        versionId: z.string(),
        versionCode: z.number().int().nullable(),
        versionName: z.string().nullable(),
        onShelfAt: z.string(),
        noPackage: z.boolean(),
        releaseType: z.enum(RELEASE_TYPES),
        /** A phase still running; null once full. */
        phase: z.object({ state: z.string(), percent: z.number() }).nullable(),
        rollbackPending: z.boolean(),
      })
      .nullable(),
    preparing: z.object({ versionId: z.string(), releaseState, stateName: z.string(), versionCode: z.number().int().nullable() }).nullable(),
    downloads: z.object({ from: z.string(), to: z.string(), total: z.number().int() }),
  }),
});

/**
 * The feed alliance stores (partner app stores that mirror the catalogue) read: every app
 * in the store with the version all devices get, oldest change first, so a partner syncs by
 * keeping the last cursor. Only what the public store page shows.
 */
export const allianceApps = defineEndpoint({
  id: 'distribution.allianceApps',
  method: 'GET',
  prefix: PREFIX,
  path: '/alliance/apps',
  access: 'anonymous',
  summary: 'Apps in the store for partner stores to mirror: the shown version, its listing name and brief in the default language, package size, sha256 and download path; oldest release first with a cursor',
  query: z.object({ pageSize: z.coerce.number().int().min(1).max(100).default(50), cursor: z.string().max(512).optional() }),
  response: okResponse(
    listShape(
      z.object({
        appId: z.string(),
        platform: z.string(),
        packageName: z.string(),
        versionId: z.string(),
        versionCode: z.number().int(),
        versionName: z.string().nullable(),
        name: z.string(),
        brief: z.string(),
        language: z.string(),
        size: z.number().int(),
        sha256: z.string(),
        iconUrl: z.string().nullable(),
        downloadUrl: z.string(),
        /** When the app's release last changed (the feed's order). */
        changedAt: z.string(),
      }),
    ),
  ),
});

/** The team's distribution service: whether it may publish, and where its apps stand. */
export const distributionService = defineEndpoint({
  id: 'distribution.service',
  method: 'GET',
  prefix: PREFIX,
  path: '/service',
  access: 'team:app.read',
  summary: "The team's distribution service: whether submitting is open (the agreements it still has to sign) and how many of its apps are in the store, in review, rejected, waiting for a release time, being drafted or removed (an App administrator counts their apps only)",
  response: okResponse({
    canPublish: z.boolean(),
    missingAgreements: z.array(z.string()),
    apps: z.object({
      total: z.number().int(),
      inStore: z.number().int(),
      inReview: z.number().int(),
      rejected: z.number().int(),
      drafting: z.number().int(),
      waiting: z.number().int(),
      removed: z.number().int(),
    }),
  }),
});
