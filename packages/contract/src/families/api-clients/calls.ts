import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { apiClient, apiClientName, apiClientRole, apiClientType, clientIdSchema, grantedApp, serviceAccountKeyFile } from './schemas';

// AppGallery Connect's API permission service: a team's API clients and service accounts.
const PREFIX = 'aps/api-permission-service/v1';
const MANAGE = 'team:team.members.manage';
const byClient = z.object({ clientId: clientIdSchema });

export const listApiClients = defineEndpoint({
  id: 'apiClients.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/client-list',
  access: MANAGE,
  summary: "The team's API clients and service accounts, newest first",
  query: listQuery.extend({ type: apiClientType.optional(), projectId: z.uuid().optional() }),
  response: okResponse(listShape(apiClient)),
});

export const getApiClient = defineEndpoint({
  id: 'apiClients.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/client',
  access: MANAGE,
  summary: 'One API client or service account',
  query: byClient,
  response: okResponse({ client: apiClient }),
});

export const createApiClient = defineEndpoint({
  id: 'apiClients.create',
  method: 'POST',
  prefix: PREFIX,
  path: '/client',
  access: MANAGE,
  summary: 'Create an API client (its secret is answered once) or a service account (its first key file is answered once)',
  body: z.object({ name: apiClientName, role: apiClientRole, type: apiClientType.default('api-client'), projectId: z.uuid().nullable().default(null) }),
  response: okResponse({ client: apiClient, clientSecret: z.string().optional(), keyFile: serviceAccountKeyFile.optional() }),
});

export const updateApiClient = defineEndpoint({
  id: 'apiClients.update',
  method: 'PUT',
  prefix: PREFIX,
  path: '/client',
  access: MANAGE,
  summary:
    'Rename a client, change its role, or give an API client a new secret (answered once): the old one is still accepted for a day unless revoked at once, which also ends the tokens issued with it',
  body: byClient.extend({
    name: apiClientName.optional(),
    role: apiClientRole.optional(),
    resetSecret: z.enum(['keep-old-for-a-day', 'revoke-old-now']).optional(),
  }),
  response: okResponse({ client: apiClient, clientSecret: z.string().optional() }),
});

export const deleteApiClient = defineEndpoint({
  id: 'apiClients.delete',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/client',
  access: MANAGE,
  summary: 'Revoke a client: its secret, keys and tokens stop working at once',
  query: byClient,
  response: okResponse({}),
});

export const createKeyPair = defineEndpoint({
  id: 'apiClients.createKeyPair',
  method: 'POST',
  prefix: PREFIX,
  path: '/key-pair',
  access: MANAGE,
  summary: "A new key for a service account: the server keeps the public key and answers the private one once, as a key file",
  body: byClient,
  response: okResponse({ client: apiClient, keyFile: serviceAccountKeyFile }),
});

export const deleteKey = defineEndpoint({
  id: 'apiClients.deleteKey',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/key-pair',
  access: MANAGE,
  summary: "Revoke one key of a service account: JWTs it signed stop working at once",
  query: byClient.extend({ keyId: z.uuid() }),
  response: okResponse({ client: apiClient }),
});

export const getPublicKey = defineEndpoint({
  id: 'apiClients.publicKey',
  method: 'GET',
  prefix: PREFIX,
  path: '/key-public',
  access: MANAGE,
  summary: "A service account key's public half (PEM), to check a signature elsewhere",
  query: byClient.extend({ keyId: z.uuid() }),
  response: okResponse({ keyId: z.string(), algorithm: z.literal('RS256'), publicKey: z.string() }),
});

export const briefInfo = defineEndpoint({
  id: 'apiClients.brief',
  method: 'GET',
  prefix: PREFIX,
  path: '/cp/client/info/brief',
  access: 'api-client',
  summary: 'Who the calling credentials are: for a CI job to check them before it works',
  response: okResponse({ clientId: z.string(), name: z.string(), type: apiClientType, role: apiClientRole, teamId: z.string(), projectId: z.string().nullable() }),
});

const grants = { resources: z.array(grantedApp), limited: z.boolean() };

export const grantRecord = defineEndpoint({
  id: 'apiClients.grant',
  method: 'POST',
  prefix: PREFIX,
  path: '/cp/client/grant/record',
  access: MANAGE,
  summary: 'Limit a client to these apps of its team (or its project), beside those granted before; a client with no grants reaches every app',
  body: byClient.extend({ appIds: z.array(z.uuid()).min(1).max(100) }),
  response: okResponse(grants),
});

export const revokeGrant = defineEndpoint({
  id: 'apiClients.revokeGrant',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/cp/client/grant/record',
  access: MANAGE,
  summary: "Take one app from a client's grants (with none left, the client reaches every app again)",
  query: byClient.extend({ appId: z.uuid() }),
  response: okResponse(grants),
});

export const grantedResources = defineEndpoint({
  id: 'apiClients.grantedResources',
  method: 'GET',
  prefix: PREFIX,
  path: '/cp/client/grant/resource/list',
  access: MANAGE,
  summary: 'The apps a client is limited to; `limited` false when it reaches every app',
  query: byClient,
  response: okResponse(grants),
});

export const grantableResources = defineEndpoint({
  id: 'apiClients.grantableResources',
  method: 'GET',
  prefix: PREFIX,
  path: '/sp/client/grant/resource/list',
  access: MANAGE,
  summary: "The team's apps a client can be limited to (a project-level client: its project's)",
  query: byClient,
  response: okResponse({ resources: z.array(grantedApp) }),
});

export const grantUrl = defineEndpoint({
  id: 'apiClients.grantUrl',
  method: 'GET',
  prefix: PREFIX,
  path: '/client/grant/url',
  access: MANAGE,
  summary: "The console's address where a client's grants are managed, to hand to a colleague",
  query: byClient,
  response: okResponse({ url: z.string() }),
});

/** AppGallery Connect's tokens live 48 hours; so do these (`expires_in`, seconds). */
export const ACCESS_TOKEN_SECONDS = 172_800;

export const obtainToken = defineEndpoint({
  id: 'apiClients.token',
  method: 'POST',
  root: 'connect',
  prefix: 'oauth2/v1',
  path: '/token',
  access: 'anonymous',
  rateLimit: { class: 'apiToken', by: 'ip' },
  summary: "An API client's access token for the Connect API, from its ID and secret (AppGallery Connect's `/api/oauth2/v1/token`)",
  body: z.object({ grant_type: z.literal('client_credentials'), client_id: z.string().min(1).max(64), client_secret: z.string().min(1).max(256) }),
  response: okResponse({ access_token: z.string(), expires_in: z.number().int(), token_type: z.literal('Bearer') }),
});
