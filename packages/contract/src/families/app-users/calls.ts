import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { appUser, authMethods, projectQuery } from './schemas';

const PREFIX = 'tas/v1';
const userParams = z.object({ appUserId: z.uuid() });

export const listAppUsers = defineEndpoint({
  id: 'appUsers.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/user',
  access: 'project:cloud.read',
  summary: "The project's app users, newest first; search by email or user ID",
  query: listQuery.extend(projectQuery.shape).extend({ search: z.string().trim().max(254).optional() }),
  response: okResponse(listShape(appUser)),
});

export const setAppUserDisabled = defineEndpoint({
  id: 'appUsers.setDisabled',
  method: 'PUT',
  prefix: PREFIX,
  path: '/user/:appUserId/state',
  access: 'project:cloud.manage',
  summary: 'Disable an app user (their sessions end, they cannot sign in) or enable them again',
  params: userParams,
  query: projectQuery,
  body: z.object({ disabled: z.boolean() }),
  response: okResponse({ appUser }),
});

export const revokeAppUserSessions = defineEndpoint({
  id: 'appUsers.revokeSessions',
  method: 'POST',
  prefix: PREFIX,
  path: '/user/:appUserId/revoke',
  access: 'project:cloud.manage',
  summary: "End every session of an app user: their refresh tokens stop working, access tokens expire within the hour",
  params: userParams,
  query: projectQuery,
  body: z.object({}),
  response: okResponse({ revoked: z.number().int() }),
});

export const deleteAppUser = defineEndpoint({
  id: 'appUsers.delete',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/user/:appUserId',
  access: 'project:cloud.manage',
  summary: 'Delete an app user and their sessions',
  params: userParams,
  query: projectQuery,
  response: okResponse({}),
});

export const getAuthMethods = defineEndpoint({
  id: 'appUsers.authMethods',
  method: 'GET',
  prefix: PREFIX,
  path: '/auth-method',
  access: 'project:cloud.read',
  summary: 'The sign-in methods the project has turned on',
  query: projectQuery,
  response: okResponse({ methods: authMethods }),
});

export const setAuthMethods = defineEndpoint({
  id: 'appUsers.setAuthMethods',
  method: 'PUT',
  prefix: PREFIX,
  path: '/auth-method',
  access: 'project:cloud.manage',
  summary: 'Turn sign-in methods on or off (users of a method turned off can no longer sign in with it)',
  query: projectQuery,
  body: authMethods,
  response: okResponse({ methods: authMethods }),
});

export const appUserJwks = defineEndpoint({
  id: 'appUsers.jwks',
  method: 'GET',
  prefix: PREFIX,
  path: '/projects/:projectId/jwks.json',
  access: 'anonymous',
  summary: "The public keys that verify the project's app-user access tokens (for a team's own backend)",
  params: z.object({ projectId: z.uuid() }),
  // A JWK Set (RFC 7517); its readers ignore members they do not know, such as `ret`.
  response: okResponse({ keys: z.array(z.record(z.string(), z.string())) }),
});
