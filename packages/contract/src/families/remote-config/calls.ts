import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { fetchAttributes } from './client-calls';
import { appQuery, PARAMETER_TYPES, remoteDraft, remoteSettings, remoteTemplate, remoteVersionSummary } from './schemas';

/** The console's calls: an app's draft, its published versions and its settings. */
const PREFIX = 'rcs/v1';
const READ = 'app:app.read';
const MANAGE = 'app:growth.manage';
const versionParams = z.object({ number: z.coerce.number().int().min(1) });
const published = remoteVersionSummary.nullable();

export const getRemoteConfig = defineEndpoint({
  id: 'remoteConfig.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/config',
  access: READ,
  summary: "An app's draft (what the console edits), its latest published version and its fetch settings",
  query: appQuery,
  response: okResponse({ draft: remoteDraft, published, settings: remoteSettings }),
});

export const saveRemoteDraft = defineEndpoint({
  id: 'remoteConfig.saveDraft',
  method: 'PUT',
  prefix: PREFIX,
  path: '/config/draft',
  access: MANAGE,
  summary: 'Save the whole draft (devices see nothing until it is published); refused when another save came first',
  query: appQuery,
  body: z.object({ template: remoteTemplate, revision: z.number().int().min(0) }),
  response: okResponse({ draft: remoteDraft }),
});

export const discardRemoteDraft = defineEndpoint({
  id: 'remoteConfig.discardDraft',
  method: 'POST',
  prefix: PREFIX,
  path: '/config/draft/discard',
  access: MANAGE,
  summary: 'Throw the draft away: it becomes the latest published version again',
  query: appQuery,
  body: z.object({}),
  response: okResponse({ draft: remoteDraft }),
});

export const publishRemoteConfig = defineEndpoint({
  id: 'remoteConfig.publish',
  method: 'POST',
  prefix: PREFIX,
  path: '/config/publish',
  access: MANAGE,
  summary: "Publish the draft as the next numbered version; devices get it on their next fetch (refused while the app's settings ask for a review)",
  query: appQuery,
  body: z.object({ revision: z.number().int().min(0), description: z.string().trim().max(500).optional() }),
  response: okResponse({ version: remoteVersionSummary, draft: remoteDraft }),
});

export const listRemoteVersions = defineEndpoint({
  id: 'remoteConfig.versions',
  method: 'GET',
  prefix: PREFIX,
  path: '/versions',
  access: READ,
  summary: 'Published versions, newest first (the latest 300 are kept)',
  query: listQuery.extend(appQuery.shape),
  response: okResponse(listShape(remoteVersionSummary)),
});

export const getRemoteVersion = defineEndpoint({
  id: 'remoteConfig.version',
  method: 'GET',
  prefix: PREFIX,
  path: '/versions/:number',
  access: READ,
  summary: 'One published version with its template and the template of the version before it (for the diff)',
  params: versionParams,
  query: appQuery,
  response: okResponse({ version: remoteVersionSummary, template: remoteTemplate, previous: remoteTemplate.nullable() }),
});

export const rollBackRemoteConfig = defineEndpoint({
  id: 'remoteConfig.rollback',
  method: 'POST',
  prefix: PREFIX,
  path: '/versions/:number/rollback',
  access: MANAGE,
  summary: 'Publish an earlier version again, as a new version (the draft becomes it too)',
  params: versionParams,
  query: appQuery,
  body: z.object({}),
  response: okResponse({ version: remoteVersionSummary, draft: remoteDraft }),
});

export const setRemoteSettings = defineEndpoint({
  id: 'remoteConfig.settings',
  method: 'PUT',
  prefix: PREFIX,
  path: '/config/settings',
  access: MANAGE,
  summary: "How often one app instance may fetch (the server answers earlier fetches with 429)",
  query: appQuery,
  body: remoteSettings,
  response: okResponse({ settings: remoteSettings }),
});

export const requestRemoteReview = defineEndpoint({
  id: 'remoteConfig.requestReview',
  method: 'POST',
  prefix: PREFIX,
  path: '/config/review',
  access: MANAGE,
  summary: 'Ask another member to approve publishing this revision of the draft (a later save withdraws the request)',
  query: appQuery,
  body: z.object({ revision: z.number().int().min(0), description: z.string().trim().max(500).optional() }),
  response: okResponse({ draft: remoteDraft }),
});

export const approveRemoteReview = defineEndpoint({
  id: 'remoteConfig.approveReview',
  method: 'POST',
  prefix: PREFIX,
  path: '/config/review/approve',
  access: MANAGE,
  summary: 'Approve a pending review: the reviewed revision is published (by someone other than who asked)',
  query: appQuery,
  body: z.object({ revision: z.number().int().min(0) }),
  response: okResponse({ version: remoteVersionSummary, draft: remoteDraft }),
});

export const rejectRemoteReview = defineEndpoint({
  id: 'remoteConfig.rejectReview',
  method: 'POST',
  prefix: PREFIX,
  path: '/config/review/reject',
  access: MANAGE,
  summary: "Turn a pending review down (or withdraw one's own): nothing is published, the draft stays",
  query: appQuery,
  body: z.object({ comment: z.string().trim().max(500).optional() }),
  response: okResponse({ draft: remoteDraft }),
});

export const previewRemoteConfig = defineEndpoint({
  id: 'remoteConfig.preview',
  method: 'POST',
  prefix: PREFIX,
  path: '/config/preview',
  access: READ,
  summary: 'What a device with these attributes would get from the draft or the published version, and which condition gave each value',
  query: appQuery,
  body: z.object({
    source: z.enum(['draft', 'published']),
    /** The instance ID its shares of users are computed from. */
    deviceId: z.string().trim().min(1).max(128),
    attributes: fetchAttributes,
  }),
  response: okResponse({
    /** The conditions that hold for the device, in priority order. */
    holding: z.array(z.string()),
    values: z.array(z.object({ key: z.string(), type: z.enum(PARAMETER_TYPES), value: z.string().nullable(), condition: z.string().nullable() })),
  }),
});
