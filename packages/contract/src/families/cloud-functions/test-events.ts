import { z } from 'zod';
import { TEST_EVENT_LIMITS as L } from '@wharf/rules';
import { refused } from '../../kit/field-errors';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { functionQuery } from './schemas';

const PREFIX = 'caas/function-manage/v1';

export const testEvent = z.object({ name: z.string(), event: z.unknown(), updatedAt: z.iso.datetime() });
export type TestEvent = z.infer<typeof testEvent>;
const testEventName = z.string().trim().min(1).max(L.nameChars);

export const listTestEvents = defineEndpoint({
  id: 'cloudFunctions.testEvents',
  method: 'GET',
  prefix: PREFIX,
  path: '/function/test-params',
  access: 'project:cloud.read',
  summary: "A function's saved test events (its test parameters), by name",
  query: functionQuery,
  response: okResponse({ events: z.array(testEvent) }),
});

export const saveTestEvent = defineEndpoint({
  id: 'cloudFunctions.saveTestEvent',
  method: 'PUT',
  prefix: PREFIX,
  path: '/function/test-params',
  access: 'project:cloud.manage',
  summary: 'Save a test event under a name (replacing one of that name), for the whole team to run again',
  query: functionQuery,
  body: z.object({ name: testEventName, event: z.unknown().refine((v) => new TextEncoder().encode(JSON.stringify(v ?? null)).length <= L.bytes, refused('testEventSize')) }),
  response: okResponse({ event: testEvent }),
});

export const deleteTestEvent = defineEndpoint({
  id: 'cloudFunctions.deleteTestEvent',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/function/test-params',
  access: 'project:cloud.manage',
  summary: 'Delete a saved test event',
  query: functionQuery.extend({ name: testEventName }),
  response: okResponse({}),
});
