import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';

/** One behaviour report of the analytics SDK (specification section 7). */
export const behaviourEvent = z.object({
  tagType: z.string().min(1).max(64),
  serviceItem: z.number().int().default(4),
  language: z.string().max(8),
  domain: z.string().max(16).default('AGC'),
  DID: z.string().max(128),
  productID: z.string().max(64).optional(),
  appID: z.string().max(64).optional(),
  userType: z.number().int().optional(),
  countryID: z.string().max(16).optional(),
  teamID: z.string().max(64).optional(),
  childType: z.number().int().optional(),
  sourceChannel: z.string().max(128).optional(),
  urlRef: z.string().max(2000).optional(),
  greyFlag: z.boolean().default(false),
  pageId: z.string().max(200).optional(),
  url: z.string().max(2000).optional(),
  clickId: z.string().max(200).optional(),
  at: z.iso.datetime(),
});

export const reportBehaviour = defineEndpoint({
  id: 'report.behaviour',
  method: 'POST',
  prefix: 'ha/v1',
  path: '/webv1',
  access: 'anonymous',
  summary: 'Collect behaviour reports (page views, jumps, clicks)',
  body: z.object({ events: z.array(behaviourEvent).min(1).max(50) }),
  response: okResponse({ accepted: z.number().int() }),
});

export const clueDataType = z.enum(['agcp_demoproject_browsing', 'agc_service_browsing', 'ecology_service_browsing']);

const clueBody = z.object({
  dataType: clueDataType,
  detail: z.object({
    serviceId: z.string().max(64),
    serviceCode: z.string().max(64).optional(),
    menuId: z.string().max(64).optional(),
  }),
});

export const reportClueBehaviour = defineEndpoint({
  id: 'report.clueBehaviour',
  method: 'POST',
  prefix: 'mms/v1',
  path: '/cp/clues/behavior',
  access: 'team:team.read',
  summary: 'A team browsed a service (marketplace lead), at most once per service per session',
  body: clueBody,
  response: okResponse({ recorded: z.boolean() }),
});

export const reportClueBehaviourAnonymous = defineEndpoint({
  id: 'report.clueBehaviourAnonymous',
  method: 'POST',
  prefix: 'mms/v1',
  path: '/cp/clues/behavior/anonymous',
  access: 'anonymous',
  summary: 'A visitor browsed a service or the demo project',
  body: clueBody.extend({ DID: z.string().max(128) }),
  response: okResponse({ recorded: z.boolean() }),
});
