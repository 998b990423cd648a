import { z } from 'zod';
import { cronProblem, isTimeZone, LATEST, MISSED_RUN_POLICIES, TRIGGER_LIMITS as L } from '@wharf/rules';
import { refused } from '../../kit/field-errors';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { functionQuery, qualifier } from './schemas';

const PREFIX = 'caas/function-manage/v1';
const READ = 'project:cloud.read';
const MANAGE = 'project:cloud.manage';

const payload = z.unknown().refine((v) => new TextEncoder().encode(JSON.stringify(v ?? null)).length <= L.payloadBytes, refused('triggerPayload'));

export const timerInput = z.object({
  cron: z.string().trim().max(120).refine((c) => cronProblem(c) === null, refused('cronExpression')),
  timeZone: z.string().refine(isTimeZone, 'a time zone such as Europe/Berlin').default('UTC'),
  missed: z.enum(MISSED_RUN_POLICIES).default('skip'),
  payload: payload.default({}),
});

export const triggerInput = z.object({
  name: z.string().trim().min(1).max(L.nameChars),
  qualifier: qualifier.default(LATEST),
  enabled: z.boolean().default(true),
  timer: timerInput,
});

export const functionTrigger = z.object({
  triggerId: z.uuid(),
  functionId: z.uuid(),
  kind: z.literal('timer'),
  name: z.string(),
  qualifier: z.string(),
  enabled: z.boolean(),
  timer: z.object({ cron: z.string(), timeZone: z.string(), missed: z.enum(MISSED_RUN_POLICIES), payload: z.unknown() }),
  /** When it fires next (null when off). */
  nextRunAt: z.iso.datetime().nullable(),
  lastRunAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type FunctionTrigger = z.infer<typeof functionTrigger>;

const triggerQuery = functionQuery.extend({ triggerId: z.uuid() });

export const listTriggers = defineEndpoint({
  id: 'cloudFunctions.triggers',
  method: 'GET',
  prefix: PREFIX,
  path: '/triggers',
  access: READ,
  summary: "A function's timer triggers with when each fires next",
  query: functionQuery,
  response: okResponse({ triggers: z.array(functionTrigger) }),
});

export const createTrigger = defineEndpoint({
  id: 'cloudFunctions.createTrigger',
  method: 'POST',
  prefix: PREFIX,
  path: '/trigger',
  access: MANAGE,
  summary: 'Add a timer trigger: a cron expression in a time zone that calls `$latest`, a version or an alias with its payload, once across every instance',
  query: functionQuery,
  body: triggerInput,
  response: okResponse({ trigger: functionTrigger }),
});

export const updateTrigger = defineEndpoint({
  id: 'cloudFunctions.updateTrigger',
  method: 'PUT',
  prefix: PREFIX,
  path: '/trigger',
  access: MANAGE,
  summary: 'Change a timer trigger, or turn it off and on (the next firing is worked out again from now)',
  query: triggerQuery,
  body: triggerInput,
  response: okResponse({ trigger: functionTrigger }),
});

export const deleteTrigger = defineEndpoint({
  id: 'cloudFunctions.deleteTrigger',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/trigger',
  access: MANAGE,
  summary: 'Delete a timer trigger; its pending firing is cancelled',
  query: triggerQuery,
  response: okResponse({}),
});

export const triggerRun = z.object({
  runId: z.uuid(),
  triggerId: z.uuid().nullable(),
  triggerName: z.string(),
  scheduledFor: z.iso.datetime(),
  state: z.enum(['pending', 'running', 'done', 'dead']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type TriggerRun = z.infer<typeof triggerRun>;

export const listTriggerRuns = defineEndpoint({
  id: 'cloudFunctions.triggerRuns',
  method: 'GET',
  prefix: PREFIX,
  path: '/trigger/runs',
  access: READ,
  summary: "A function's trigger runs, newest first: `dead` lists those that failed every attempt (the dead letters), to replay",
  query: listQuery.extend(functionQuery.shape).extend({ state: z.enum(['pending', 'running', 'done', 'dead']).optional() }),
  response: okResponse(listShape(triggerRun)),
});

export const replayTriggerRun = defineEndpoint({
  id: 'cloudFunctions.replayTriggerRun',
  method: 'POST',
  prefix: PREFIX,
  path: '/trigger/run/replay',
  access: MANAGE,
  summary: 'Give a dead trigger run back to be run again, with its attempts counted afresh',
  query: functionQuery.extend({ runId: z.uuid() }),
  response: okResponse({ run: triggerRun }),
});
