import { z } from 'zod';
import { HOST_NAME } from '@wharf/rules';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { channelName, hostingConfig, hostingDomain, hostingSite, hostingVersion, projectQuery, siteName, sitePath, siteQuery } from './schemas';

/** Hosting: a project's static sites, their versions, channels, configuration and domains. */
const PREFIX = 'hosting/v1';
const READ = 'project:cloud.read';
const MANAGE = 'project:cloud.manage';
const version = z.number().int().min(1);

export const listSites = defineEndpoint({
  id: 'hosting.sites',
  method: 'GET',
  prefix: PREFIX,
  path: '/sites',
  access: READ,
  summary: "The project's sites with their live and preview channels",
  query: projectQuery,
  response: okResponse({ sites: z.array(hostingSite) }),
});

export const createSite = defineEndpoint({
  id: 'hosting.createSite',
  method: 'POST',
  prefix: PREFIX,
  path: '/site',
  access: MANAGE,
  summary: 'A new site: 3–63 lower-case letters, digits and single hyphens, unique on this deployment (its address is /sites/<name>/)',
  query: projectQuery,
  body: z.object({ name: siteName }),
  response: okResponse({ site: hostingSite }),
});

export const deleteSite = defineEndpoint({
  id: 'hosting.deleteSite',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/site',
  access: MANAGE,
  summary: 'Deletes a site with its versions, channels and domains; it stops being served at once',
  query: siteQuery,
  response: okResponse({}),
});

export const listVersions = defineEndpoint({
  id: 'hosting.versions',
  method: 'GET',
  prefix: PREFIX,
  path: '/site/versions',
  access: READ,
  summary: "A site's versions, newest first, with the channels serving each",
  query: siteQuery,
  response: okResponse({ versions: z.array(hostingVersion) }),
});

export const deployZip = defineEndpoint({
  id: 'hosting.deployZip',
  method: 'POST',
  prefix: PREFIX,
  path: '/site/deploy',
  access: MANAGE,
  summary: 'A new version from a zip uploaded with the file service (checked: paths, links, sizes, packing), released to a channel when one is named',
  query: siteQuery,
  body: z.object({ objectId: z.uuid(), note: z.string().trim().max(200).default(''), channel: channelName.optional() }),
  response: okResponse({ version: hostingVersion }),
});

export const createVersion = defineEndpoint({
  id: 'hosting.createVersion',
  method: 'POST',
  prefix: PREFIX,
  path: '/site/version',
  access: MANAGE,
  summary: 'A new version to fill file by file (a folder uploaded from the console, the CLI), finished with version/finalize',
  query: siteQuery,
  body: z.object({ note: z.string().trim().max(200).default('') }),
  response: okResponse({ version: hostingVersion }),
});

export const uploadVersionFile = defineEndpoint({
  id: 'hosting.uploadFile',
  method: 'PUT',
  prefix: PREFIX,
  path: '/site/version/file',
  access: MANAGE,
  summary: "One file of a version being uploaded, as the request body (application/octet-stream); the path is the site's (index.html, assets/app.js)",
  query: siteQuery.extend({ version: z.coerce.number().int().min(1), path: sitePath }),
  response: okResponse({ path: z.string(), size: z.number().int() }),
});

export const finalizeVersion = defineEndpoint({
  id: 'hosting.finalize',
  method: 'POST',
  prefix: PREFIX,
  path: '/site/version/finalize',
  access: MANAGE,
  summary: 'Ends a version’s upload: it becomes immutable, and is released to a channel when one is named',
  query: siteQuery,
  body: z.object({ version, channel: channelName.optional() }),
  response: okResponse({ version: hostingVersion }),
});

export const releaseVersion = defineEndpoint({
  id: 'hosting.release',
  method: 'POST',
  prefix: PREFIX,
  path: '/site/release',
  access: MANAGE,
  summary: 'Serves a ready version on a channel at once: `live` (a rollback is releasing an earlier version) or a preview channel with its own address',
  query: siteQuery,
  body: z.object({ version, channel: channelName }),
  response: okResponse({ site: hostingSite }),
});

export const deleteChannel = defineEndpoint({
  id: 'hosting.deleteChannel',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/site/channel',
  access: MANAGE,
  summary: 'Stops a preview channel (the live channel stays)',
  query: siteQuery.extend({ channel: channelName }),
  response: okResponse({ site: hostingSite }),
});

export const getSiteConfig = defineEndpoint({
  id: 'hosting.config',
  method: 'GET',
  prefix: PREFIX,
  path: '/site/config',
  access: READ,
  summary: "A site's redirects, rewrites (a single-page app's fallback), headers and clean URLs",
  query: siteQuery,
  response: okResponse({ config: hostingConfig }),
});

export const putSiteConfig = defineEndpoint({
  id: 'hosting.putConfig',
  method: 'PUT',
  prefix: PREFIX,
  path: '/site/config',
  access: MANAGE,
  summary: "Replaces a site's configuration; it applies to every channel at once",
  query: siteQuery,
  body: z.object({ config: hostingConfig }),
  response: okResponse({ config: hostingConfig }),
});

export const listDomains = defineEndpoint({
  id: 'hosting.domains',
  method: 'GET',
  prefix: PREFIX,
  path: '/site/domains',
  access: READ,
  summary: "A site's custom domains with the TXT record proving each and whether it is verified",
  query: siteQuery,
  response: okResponse({ domains: z.array(hostingDomain) }),
});

export const addDomain = defineEndpoint({
  id: 'hosting.addDomain',
  method: 'POST',
  prefix: PREFIX,
  path: '/site/domain',
  access: MANAGE,
  summary: 'A custom domain for the site: served once its TXT record is found (checked every few minutes)',
  query: siteQuery,
  body: z.object({ domain: z.string().toLowerCase().regex(HOST_NAME, 'a host name such as www.example.com') }),
  response: okResponse({ domain: hostingDomain }),
});

export const deleteDomain = defineEndpoint({
  id: 'hosting.deleteDomain',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/site/domain',
  access: MANAGE,
  summary: 'Stops serving the site on a custom domain',
  query: siteQuery.extend({ domain: z.string().max(253) }),
  response: okResponse({}),
});
