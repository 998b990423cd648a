import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { DATABASE_LIMITS, projectQuery, statementResult } from './schemas';

/** Saved scripts of a database, and their runs as background tasks. */
const PREFIX = 'dbmanage/v1';
const READ = 'project:cloud.read';
const MANAGE = 'project:cloud.manage';
const oneDatabase = projectQuery.extend({ databaseId: z.uuid() });

export const TASK_STATES = ['queued', 'running', 'cancelling', 'done', 'failed', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATES)[number];

export const sqlScript = z.object({
  scriptId: z.string(),
  databaseId: z.string(),
  name: z.string(),
  sql: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type SqlScript = z.infer<typeof sqlScript>;

export const sqlTask = z.object({
  taskId: z.string(),
  databaseId: z.string(),
  scriptId: z.string().nullable(),
  scriptName: z.string(),
  state: z.enum(TASK_STATES),
  /** Statements in the script, and those finished so far. */
  total: z.number().int().nullable(),
  done: z.number().int(),
  /** Each finished statement's answer (the first rows of each). */
  results: z.array(statementResult),
  error: z.object({ statementIndex: z.number().int(), message: z.string(), code: z.string().nullable() }).nullable(),
  startedBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** When the run and its results are forgotten. */
  expiresAt: z.string(),
});
export type SqlTask = z.infer<typeof sqlTask>;

export const listScripts = defineEndpoint({
  id: 'databases.scripts',
  method: 'GET',
  prefix: PREFIX,
  path: '/scripts',
  access: READ,
  summary: "A database's saved scripts, by name",
  query: oneDatabase,
  response: okResponse({ scripts: z.array(sqlScript) }),
});

export const saveScript = defineEndpoint({
  id: 'databases.saveScript',
  method: 'POST',
  prefix: PREFIX,
  path: '/script',
  access: MANAGE,
  summary: 'Saves a script under a name (a new one, or the one named by `scriptId`)',
  query: oneDatabase,
  body: z.object({ scriptId: z.uuid().optional(), name: z.string().trim().min(1).max(100), sql: z.string().min(1).max(DATABASE_LIMITS.sqlMax) }),
  response: okResponse({ script: sqlScript }),
});

export const deleteScript = defineEndpoint({
  id: 'databases.deleteScript',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/script',
  access: MANAGE,
  summary: 'Deletes a saved script (its past runs stay until they expire)',
  query: oneDatabase.extend({ scriptId: z.uuid() }),
  response: okResponse({}),
});

export const runScript = defineEndpoint({
  id: 'databases.runScript',
  method: 'POST',
  prefix: PREFIX,
  path: '/script/run',
  access: MANAGE,
  summary: `Runs a saved script as a background task, statement by statement with its progress, each statement allowed the deployment's task limit; the run and its results are kept ${DATABASE_LIMITS.taskDays} days`,
  query: oneDatabase,
  body: z.object({ scriptId: z.uuid() }),
  response: okResponse({ task: sqlTask }),
});

export const listTasks = defineEndpoint({
  id: 'databases.tasks',
  method: 'GET',
  prefix: PREFIX,
  path: '/tasks',
  access: READ,
  summary: "A database's script runs, newest first, with their progress",
  query: oneDatabase,
  response: okResponse({ tasks: z.array(sqlTask) }),
});

export const getTask = defineEndpoint({
  id: 'databases.task',
  method: 'GET',
  prefix: PREFIX,
  path: '/task',
  access: READ,
  summary: "One script run's state, progress and results",
  query: oneDatabase.extend({ taskId: z.uuid() }),
  response: okResponse({ task: sqlTask }),
});

export const cancelTask = defineEndpoint({
  id: 'databases.cancelTask',
  method: 'POST',
  prefix: PREFIX,
  path: '/task/cancel',
  access: MANAGE,
  summary: 'Cancels a script run: a queued one at once, a running one by cancelling its statement on the server (whichever instance runs it); statements already finished stay',
  query: oneDatabase.extend({ taskId: z.uuid() }),
  response: okResponse({ task: sqlTask }),
});
