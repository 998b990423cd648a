import { z } from 'zod';
import { FUNCTION_LIMITS, FUNCTION_METRIC_RANGES, INVOCATION_OUTCOMES, INVOCATION_TRIGGERS, LOG_LEVELS } from '@wharf/rules';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { functionQuery, qualifier } from './schemas';

const PREFIX = 'caas/function-manage/v1';
const READ = 'project:cloud.read';

export const logLine = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  level: z.enum(LOG_LEVELS),
  message: z.string(),
  requestId: z.string(),
  version: z.string(),
});
export type FunctionLogLine = z.infer<typeof logLine>;

const levelList = z
  .string()
  .regex(new RegExp(`^(${LOG_LEVELS.join('|')})(,(${LOG_LEVELS.join('|')}))*$`))
  .transform((v) => [...new Set(v.split(','))] as Array<(typeof LOG_LEVELS)[number]>);

export const searchLogs = defineEndpoint({
  id: 'cloudFunctions.logs',
  method: 'GET',
  prefix: PREFIX,
  path: '/function/logs',
  access: READ,
  summary: "What a function's calls printed, newest first: by words (each a prefix), levels, time and request id; kept for the deployment's log days",
  query: listQuery.extend(functionQuery.shape).extend({
    text: z.string().trim().max(FUNCTION_LIMITS.logSearchChars).optional(),
    levels: levelList.optional(),
    requestId: z.string().regex(/^[\w.:-]{1,128}$/).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  }),
  response: okResponse(listShape(logLine)),
});

export const invocationRow = z.object({
  id: z.string(),
  requestId: z.string(),
  startedAt: z.iso.datetime(),
  version: z.string(),
  alias: z.string().nullable(),
  trigger: z.enum(INVOCATION_TRIGGERS),
  outcome: z.enum(INVOCATION_OUTCOMES),
  durationMs: z.number(),
  coldStart: z.boolean(),
  error: z.string().nullable(),
  /** The runner's resident memory as the call ended, MB (calls sharing a runner share it); null when it did not answer. */
  memoryMb: z.number().nullable(),
});
export type InvocationRow = z.infer<typeof invocationRow>;

export const listInvocations = defineEndpoint({
  id: 'cloudFunctions.invocations',
  method: 'GET',
  prefix: PREFIX,
  path: '/function/invocations',
  access: READ,
  summary: "A function's calls, newest first, with how each ended, how long it took and what started it",
  query: listQuery.extend(functionQuery.shape).extend({ outcome: z.enum(INVOCATION_OUTCOMES).optional() }),
  response: okResponse(listShape(invocationRow)),
});

const metricPoint = z.object({
  at: z.iso.datetime(),
  invocations: z.number().int(),
  errors: z.number().int(),
  throttles: z.number().int(),
  coldStarts: z.number().int(),
  /** Durations of the calls that ran, in ms; null for a bar with none. */
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  p99: z.number().nullable(),
  /** The most memory a call ended with, MB. */
  memoryMax: z.number().nullable(),
});

export const functionMetrics = defineEndpoint({
  id: 'cloudFunctions.metrics',
  method: 'GET',
  prefix: PREFIX,
  path: '/function/metrics',
  access: READ,
  summary: "A function's calls over the last hour, day or week, in bars: calls, errors, throttles, cold starts, duration percentiles and the most memory used, for every version or one version or alias",
  query: functionQuery.extend({ range: z.enum(Object.keys(FUNCTION_METRIC_RANGES) as [keyof typeof FUNCTION_METRIC_RANGES]).default('24h'), qualifier: qualifier.optional() }),
  response: okResponse({
    bucketSeconds: z.number().int(),
    points: z.array(metricPoint),
    totals: metricPoint.omit({ at: true }),
  }),
});
