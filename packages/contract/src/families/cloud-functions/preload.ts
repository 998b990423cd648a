import { z } from 'zod';
import { isTimeZone, PRELOAD_LIMITS as L } from '@wharf/rules';
import { refused } from '../../kit/field-errors';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { functionQuery, qualifier } from './schemas';

const PREFIX = 'caas/function-manage/v1';

export const preloadPolicy = z.object({
  policyId: z.string(),
  /** `$latest`, a version, or an alias (its main version is held). */
  qualifier: z.string(),
  instances: z.number().int(),
  days: z.array(z.number().int()),
  startHour: z.number().int(),
  endHour: z.number().int(),
  timeZone: z.string(),
  enabled: z.boolean(),
  /** Whether its window holds now (the server's clock). */
  active: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type PreloadPolicy = z.infer<typeof preloadPolicy>;

const policyInput = z
  .object({
    qualifier: qualifier.default('$latest'),
    instances: z.number().int().min(L.instances.min).max(L.instances.max),
    days: z
      .array(z.number().int().min(0).max(6))
      .min(1)
      .max(7)
      .refine((d) => new Set(d).size === d.length, refused('preloadDays')),
    startHour: z.number().int().min(0).max(23),
    endHour: z.number().int().min(1).max(24),
    timeZone: z.string().refine(isTimeZone, 'a time zone such as Europe/Berlin').default('UTC'),
    enabled: z.boolean().default(true),
  })
  .refine((p) => p.startHour < p.endHour, refused('preloadHours'));

/** A runner of the function, on whichever server instance holds it. */
export const functionInstance = z.object({
  /** The server instance (or runner host) it runs on. */
  server: z.string(),
  /** `$latest` or the version's number. */
  version: z.string(),
  state: z.enum(['starting', 'idle', 'busy']),
  calls: z.number().int(),
  startedAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  memoryMb: z.number().nullable(),
  /** Held warm by a preload policy. */
  held: z.boolean(),
});
export type FunctionInstance = z.infer<typeof functionInstance>;

export const listInstances = defineEndpoint({
  id: 'cloudFunctions.instances',
  method: 'GET',
  prefix: PREFIX,
  path: '/function/instances',
  access: 'project:cloud.read',
  summary: "A function's runners on every server instance (as each last reported, within 15 s): version, state, calls, age, memory, and whether a preload policy holds it",
  query: functionQuery,
  response: okResponse({ instances: z.array(functionInstance) }),
});

export const listPreloadPolicies = defineEndpoint({
  id: 'cloudFunctions.preloadPolicies',
  method: 'GET',
  prefix: PREFIX,
  path: '/function/preload-policies',
  access: 'project:cloud.read',
  summary: "A function's preload policies: runners kept warm for a qualifier during given hours of given days",
  query: functionQuery,
  response: okResponse({ policies: z.array(preloadPolicy) }),
});

export const createPreloadPolicy = defineEndpoint({
  id: 'cloudFunctions.createPreloadPolicy',
  method: 'POST',
  prefix: PREFIX,
  path: '/function/preload-policy',
  access: 'project:cloud.manage',
  summary: 'Keep N runners of `$latest`, a version or an alias warm on each server instance during the given hours (a time zone) of the given days',
  query: functionQuery,
  body: policyInput,
  response: okResponse({ policy: preloadPolicy }),
});

export const updatePreloadPolicy = defineEndpoint({
  id: 'cloudFunctions.updatePreloadPolicy',
  method: 'PUT',
  prefix: PREFIX,
  path: '/function/preload-policy',
  access: 'project:cloud.manage',
  summary: 'Change a preload policy',
  query: functionQuery.extend({ policyId: z.uuid() }),
  body: policyInput,
  response: okResponse({ policy: preloadPolicy }),
});

export const deletePreloadPolicy = defineEndpoint({
  id: 'cloudFunctions.deletePreloadPolicy',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/function/preload-policy',
  access: 'project:cloud.manage',
  summary: 'Delete a preload policy: its runners end when they have been idle for the idle time',
  query: functionQuery.extend({ policyId: z.uuid() }),
  response: okResponse({}),
});
