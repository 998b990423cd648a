import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { link, linkHost, linkPrefix, linkSettings, linkStats, linkSuffix, linkTargets, prefixName, projectQuery } from './schemas';

/** App links (AppGallery Connect's deep link manager, /dlm): a project's link prefixes, links, settings and statistics. */
const PREFIX = 'dlm/v1';
const READ = 'project:app.read';
const MANAGE = 'project:growth.manage';
const linkParams = z.object({ linkId: z.uuid() });

export const getLinkSettings = defineEndpoint({
  id: 'appLinks.settings',
  method: 'GET',
  prefix: PREFIX,
  path: '/settings',
  access: READ,
  summary: "The project's link settings: allowed target hosts, daily creation limit, fingerprint matching, Apple team ID",
  query: projectQuery,
  response: okResponse({ settings: linkSettings, createdToday: z.number().int() }),
});

export const putLinkSettings = defineEndpoint({
  id: 'appLinks.putSettings',
  method: 'PUT',
  prefix: PREFIX,
  path: '/settings',
  access: MANAGE,
  summary: "Replaces the project's link settings (links already made keep their targets)",
  query: projectQuery,
  body: linkSettings,
  response: okResponse({ settings: linkSettings }),
});

export const listPrefixes = defineEndpoint({
  id: 'appLinks.prefixes',
  method: 'GET',
  prefix: PREFIX,
  path: '/prefixes',
  access: READ,
  summary: "The project's link prefixes: paths on this deployment's link host, and host names proven by a TXT record",
  query: projectQuery,
  response: okResponse({ prefixes: z.array(linkPrefix) }),
});

export const createPrefix = defineEndpoint({
  id: 'appLinks.createPrefix',
  method: 'POST',
  prefix: PREFIX,
  path: '/prefix',
  access: MANAGE,
  summary: 'A new prefix: a name unique on the deployment (links at <link host>/l/<name>/…), or a host name of your own, usable once its TXT record is found',
  query: projectQuery,
  body: z.discriminatedUnion('kind', [z.object({ kind: z.literal('path'), name: prefixName }), z.object({ kind: z.literal('host'), host: linkHost })]),
  response: okResponse({ prefix: linkPrefix }),
});

export const deletePrefix = defineEndpoint({
  id: 'appLinks.deletePrefix',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/prefix/:prefixId',
  access: MANAGE,
  summary: 'Deletes a prefix that holds no links',
  params: z.object({ prefixId: z.uuid() }),
  query: projectQuery,
  response: okResponse({}),
});

export const listLinks = defineEndpoint({
  id: 'appLinks.links',
  method: 'GET',
  prefix: PREFIX,
  path: '/links',
  access: READ,
  summary: "The project's links, newest first; search matches the name, suffix or deep link",
  query: listQuery.extend(projectQuery.shape).extend({ search: z.string().trim().max(200).optional(), prefixId: z.uuid().optional() }),
  response: okResponse(listShape(link)),
});

const newLink = linkTargets.extend({ prefixId: z.uuid(), suffix: linkSuffix.optional() });

export const createLink = defineEndpoint({
  id: 'appLinks.createLink',
  method: 'POST',
  prefix: PREFIX,
  path: '/link',
  access: MANAGE,
  summary: 'A short link: a custom suffix (refused when taken or reserved) or a random one; targets must be on the allowed hosts',
  query: projectQuery,
  body: newLink,
  response: okResponse({ link }),
});

export const getLink = defineEndpoint({
  id: 'appLinks.link',
  method: 'GET',
  prefix: PREFIX,
  path: '/link/:linkId',
  access: READ,
  summary: 'One link',
  params: linkParams,
  query: projectQuery,
  response: okResponse({ link }),
});

export const updateLink = defineEndpoint({
  id: 'appLinks.updateLink',
  method: 'PUT',
  prefix: PREFIX,
  path: '/link/:linkId',
  access: MANAGE,
  summary: "Replaces a link's targets, name and expiry, and turns it on or off (its address stays); a link taken down by the operator stays down",
  params: linkParams,
  query: projectQuery,
  body: linkTargets.extend({ enabled: z.boolean() }),
  response: okResponse({ link }),
});

export const deleteLink = defineEndpoint({
  id: 'appLinks.deleteLink',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/link/:linkId',
  access: MANAGE,
  summary: 'Deletes a link; its address answers "not found" from then on and is not given out again',
  params: linkParams,
  query: projectQuery,
  response: okResponse({}),
});

export const linkStatistics = defineEndpoint({
  id: 'appLinks.stats',
  method: 'GET',
  prefix: PREFIX,
  path: '/link/:linkId/stats',
  access: READ,
  summary: 'Clicks, first opens and re-opens by day (UTC), and clicks by platform, country and referrer, for up to 90 days',
  params: linkParams,
  query: projectQuery.extend({ days: z.coerce.number().int().min(1).max(90).default(30) }),
  response: okResponse({ stats: linkStats }),
});

export const bulkCreateLinks = defineEndpoint({
  id: 'appLinks.bulkCreate',
  method: 'POST',
  prefix: PREFIX,
  path: '/links/bulk',
  access: 'api-client',
  rateLimit: { class: 'apiClient', by: 'caller' },
  summary: 'Up to 100 short links at once for an API client with the growth permission (administrator role): all made, or none',
  query: projectQuery,
  body: z.object({ links: z.array(newLink).min(1).max(100) }),
  response: okResponse({ links: z.array(link) }),
});
