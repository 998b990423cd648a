import { z } from 'zod';
import { ALARM_LIMITS as L, ALARM_METRICS, ALARM_WINDOWS } from '@wharf/rules';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { functionQuery } from './schemas';

const PREFIX = 'caas/function-manage/v1';

export const alarmInput = z.object({
  name: z.string().trim().min(1).max(L.nameChars),
  metric: z.enum(ALARM_METRICS),
  /** Above it the alarm fires: a percentage for the error rate, milliseconds for p95, a count otherwise. */
  threshold: z.number().min(0).max(1_000_000),
  windowMinutes: z.number().int().refine((m) => (ALARM_WINDOWS as readonly number[]).includes(m), 'one of 5, 15 or 60'),
  enabled: z.boolean().default(true),
});

export const functionAlarm = alarmInput.extend({
  alarmId: z.uuid(),
  state: z.enum(['ok', 'alarm']),
  lastValue: z.number().nullable(),
  evaluatedAt: z.iso.datetime().nullable(),
  changedAt: z.iso.datetime().nullable(),
  /** Who is mailed when it fires and clears. */
  ownerEmail: z.string(),
});
export type FunctionAlarm = z.infer<typeof functionAlarm>;

const alarmQuery = functionQuery.extend({ alarmId: z.uuid() });

export const listAlarms = defineEndpoint({
  id: 'cloudFunctions.alarms',
  method: 'GET',
  prefix: PREFIX,
  path: '/function/alarms',
  access: 'project:cloud.read',
  summary: "A function's alarms with their state and last value",
  query: functionQuery,
  response: okResponse({ alarms: z.array(functionAlarm) }),
});

export const createAlarm = defineEndpoint({
  id: 'cloudFunctions.createAlarm',
  method: 'POST',
  prefix: PREFIX,
  path: '/function/alarm',
  access: 'project:cloud.manage',
  summary: 'Add an alarm: a metric of the calls over 5, 15 or 60 minutes above a threshold mails the member who made it when it fires and when it clears',
  query: functionQuery,
  body: alarmInput,
  response: okResponse({ alarm: functionAlarm }),
});

export const updateAlarm = defineEndpoint({
  id: 'cloudFunctions.updateAlarm',
  method: 'PUT',
  prefix: PREFIX,
  path: '/function/alarm',
  access: 'project:cloud.manage',
  summary: 'Change an alarm, or turn it off and on',
  query: alarmQuery,
  body: alarmInput,
  response: okResponse({ alarm: functionAlarm }),
});

export const deleteAlarm = defineEndpoint({
  id: 'cloudFunctions.deleteAlarm',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/function/alarm',
  access: 'project:cloud.manage',
  summary: 'Delete an alarm',
  query: alarmQuery,
  response: okResponse({}),
});
