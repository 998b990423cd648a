import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { audience, audienceInput } from './audience-schemas';
import { appQuery } from './schemas';

/** Audiences: named groups of an app's instances that remote configuration, A/B tests and messages target. */
const PREFIX = 'rs/harmony-report/v1';
const READ = 'app:analytics.read';
const MANAGE = 'app:growth.manage';
const audienceQuery = appQuery.extend({ audienceId: z.uuid() });

export const listAudiences = defineEndpoint({
  id: 'analytics.audiences',
  method: 'GET',
  prefix: PREFIX,
  path: '/audiences',
  access: READ,
  summary: "The app's audiences with their size when last worked out",
  query: appQuery,
  response: okResponse({ audiences: z.array(audience) }),
});

export const createAudience = defineEndpoint({
  id: 'analytics.createAudience',
  method: 'POST',
  prefix: PREFIX,
  path: '/audiences',
  access: MANAGE,
  summary: 'Define an audience (instances meeting every condition); its members are worked out at once, then every hour',
  query: appQuery,
  body: audienceInput,
  response: okResponse({ audience }),
});

export const updateAudience = defineEndpoint({
  id: 'analytics.updateAudience',
  method: 'PUT',
  prefix: PREFIX,
  path: '/audiences',
  access: MANAGE,
  summary: "Change an audience's name, description or conditions; its members are worked out again at once",
  query: audienceQuery,
  body: audienceInput,
  response: okResponse({ audience }),
});

export const deleteAudience = defineEndpoint({
  id: 'analytics.deleteAudience',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/audiences',
  access: MANAGE,
  summary: 'Delete an audience and its members',
  query: audienceQuery,
  response: okResponse({}),
});

export const recomputeAudience = defineEndpoint({
  id: 'analytics.recomputeAudience',
  method: 'POST',
  prefix: PREFIX,
  path: '/audiences/recompute',
  access: MANAGE,
  summary: "Work an audience's members out again now, from what has arrived so far",
  query: audienceQuery,
  response: okResponse({ audience }),
});

export const audiencesOfInstance = defineEndpoint({
  id: 'analytics.instanceAudiences',
  method: 'GET',
  prefix: PREFIX,
  path: '/audiences/of-instance',
  access: READ,
  summary: 'The audiences one app instance is in (as targeting sees it), by its instance ID',
  query: appQuery.extend({ instanceId: z.string().trim().min(1).max(128) }),
  response: okResponse({ audiences: z.array(z.object({ audienceId: z.uuid(), name: z.string() })) }),
});
