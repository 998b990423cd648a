import { z } from 'zod';
import { cronProblem, EVENT_SOURCES, isTimeZone, LATEST, MISSED_RUN_POLICIES, TRIGGER_LIMITS as L } from '@wharf/rules';
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

const SOURCES = Object.keys(EVENT_SOURCES) as [keyof typeof EVENT_SOURCES];
const ALL_TYPES = [...new Set(Object.values(EVENT_SOURCES).flat())] as [string, ...string[]];
const filterValue = z.string().trim().min(1).max(L.filterChars).optional();

export const eventInput = z
  .object({
    source: z.enum(SOURCES),
    types: z.array(z.enum(ALL_TYPES)).min(1).max(4),
    filter: z.object({ bucket: filterValue, namePrefix: filterValue, nameSuffix: filterValue, provider: filterValue, zone: filterValue, objectType: filterValue }).default({}),
    attempts: z.number().int().min(1).max(L.maxAttempts).default(L.attempts),
  })
  .refine((e) => e.types.every((type) => (EVENT_SOURCES[e.source] as readonly string[]).includes(type)), refused('eventTypes', ['types']));

export const triggerInput = z
  .object({
    name: z.string().trim().min(1).max(L.nameChars),
    qualifier: qualifier.default(LATEST),
    enabled: z.boolean().default(true),
    timer: timerInput.optional(),
    event: eventInput.optional(),
  })
  .refine((t) => (t.timer === undefined) !== (t.event === undefined), refused('triggerKind'));

export const functionTrigger = z.object({
  triggerId: z.uuid(),
  functionId: z.uuid(),
  kind: z.enum(['timer', 'event']),
  name: z.string(),
  qualifier: z.string(),
  enabled: z.boolean(),
  timer: z.object({ cron: z.string(), timeZone: z.string(), missed: z.enum(MISSED_RUN_POLICIES), payload: z.unknown() }).nullable(),
  event: z.object({ source: z.enum(SOURCES), types: z.array(z.string()), filter: z.record(z.string(), z.string()), attempts: z.number().int() }).nullable(),
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
  summary: "A function's triggers: timers with when each fires next, and event subscriptions",
  query: functionQuery,
  response: okResponse({ triggers: z.array(functionTrigger) }),
});

export const createTrigger = defineEndpoint({
  id: 'cloudFunctions.createTrigger',
  method: 'POST',
  prefix: PREFIX,
  path: '/trigger',
  access: MANAGE,
  summary: 'Add a trigger: a timer (a cron expression in a time zone, fired once across every instance) or an event subscription (Cloud Storage objects written or deleted, Auth Service users created or deleted, Cloud DB documents written or deleted, with filters), calling `$latest`, a version or an alias',
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
  summary: 'Change a trigger, or turn it off and on (a timer\'s next firing is worked out again from now)',
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
  summary: 'Delete a trigger; a timer\'s pending firing is cancelled',
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
