import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { DATABASE_LIMITS, DB_PRIVILEGES, databaseDetail, dbAccount, dbObjectName, executeAnswer, historyEntry, projectDatabase, projectQuery, schemaName } from './schemas';

/** Database management: a project's own PostgreSQL databases, their accounts and the SQL console. */
const PREFIX = 'dbmanage/v1';
const READ = 'project:cloud.read';
const MANAGE = 'project:cloud.manage';
const oneDatabase = projectQuery.extend({ databaseId: z.uuid() });

export const databaseBaseInfo = defineEndpoint({
  id: 'databases.baseInfo',
  method: 'GET',
  prefix: PREFIX,
  path: '/baseInfo',
  access: READ,
  summary: "Whether this deployment offers project databases (only on PostgreSQL; the embedded database says why not), the server's version, and a project's quotas",
  query: projectQuery,
  response: okResponse({
    available: z.boolean(),
    /** Why not, when not available. */
    reason: z.enum(['needsPostgres']).nullable(),
    serverVersion: z.string().nullable(),
    quotas: z.object({ databases: z.number().int(), accountsPerDatabase: z.number().int(), sizeBytes: z.number(), connections: z.number().int(), rowLimit: z.number().int(), statementSeconds: z.number().int() }),
  }),
});

export const listDatabases = defineEndpoint({
  id: 'databases.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/databases',
  access: READ,
  summary: "The project's databases with their size and open connections (deleted ones until their grace period ends)",
  query: projectQuery,
  response: okResponse({ databases: z.array(projectDatabase) }),
});

export const getDatabase = defineEndpoint({
  id: 'databases.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/database',
  access: READ,
  summary: "One database's base info: size, connections, the server's version, extensions, schemas and tables",
  query: oneDatabase,
  response: okResponse({ database: databaseDetail }),
});

export const createDatabase = defineEndpoint({
  id: 'databases.create',
  method: 'POST',
  prefix: PREFIX,
  path: '/database',
  access: MANAGE,
  summary: 'Creates a database for the project on the deployment’s PostgreSQL, with its own owner role that only it can reach',
  query: projectQuery,
  body: z.object({ name: dbObjectName }),
  response: okResponse({ database: projectDatabase }),
});

export const deleteDatabase = defineEndpoint({
  id: 'databases.delete',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/database',
  access: MANAGE,
  summary: `Deletes a database after a grace period of ${DATABASE_LIMITS.graceDays} days: its accounts stop at once, and it can be restored until then`,
  query: oneDatabase,
  response: okResponse({ database: projectDatabase }),
});

export const restoreDatabase = defineEndpoint({
  id: 'databases.restore',
  method: 'POST',
  prefix: PREFIX,
  path: '/database/restore',
  access: MANAGE,
  summary: 'Takes back a deletion within its grace period',
  query: oneDatabase,
  response: okResponse({ database: projectDatabase }),
});

export const listAccounts = defineEndpoint({
  id: 'databases.accounts',
  method: 'GET',
  prefix: PREFIX,
  path: '/accounts',
  access: READ,
  summary: "A database's accounts with their privileges and connection strings (never their passwords)",
  query: oneDatabase,
  response: okResponse({ accounts: z.array(dbAccount) }),
});

export const createAccount = defineEndpoint({
  id: 'databases.createAccount',
  method: 'POST',
  prefix: PREFIX,
  path: '/account',
  access: MANAGE,
  summary: "An account for the team's own backends: read-only, read-write or owner on one schema; its password is answered once",
  query: oneDatabase,
  body: z.object({ name: dbObjectName, privilege: z.enum(DB_PRIVILEGES), schema: schemaName.default('public') }),
  response: okResponse({ account: dbAccount, password: z.string() }),
});

export const resetAccountPassword = defineEndpoint({
  id: 'databases.resetPassword',
  method: 'POST',
  prefix: PREFIX,
  path: '/account/password',
  access: MANAGE,
  summary: 'A new password for an account, answered once; the old one stops at once',
  query: oneDatabase.extend({ accountId: z.uuid() }),
  response: okResponse({ account: dbAccount, password: z.string() }),
});

export const deleteAccount = defineEndpoint({
  id: 'databases.deleteAccount',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/account',
  access: MANAGE,
  summary: 'Revokes an account: its sessions end and it can no longer sign in',
  query: oneDatabase.extend({ accountId: z.uuid() }),
  response: okResponse({}),
});

export const executeSql = defineEndpoint({
  id: 'databases.execute',
  method: 'POST',
  prefix: PREFIX,
  path: '/execute',
  access: MANAGE,
  summary: `Runs statements in the database as its own owner role (never the platform's), one after the other in one session: each result with at most ${DATABASE_LIMITS.rowLimit} rows, each statement stopped at the deployment's limit (${DATABASE_LIMITS.statementSeconds} s unless configured) whatever it sets; the first failing statement ends the run and says why`,
  query: oneDatabase,
  body: z.object({ sql: z.string().min(1).max(DATABASE_LIMITS.sqlMax) }),
  response: okResponse(executeAnswer.shape),
});

export const exportQuery = defineEndpoint({
  id: 'databases.export',
  method: 'POST',
  prefix: PREFIX,
  path: '/execute/export',
  access: MANAGE,
  summary: `One query's rows as CSV (UTF-8 with a byte-order mark, formula-looking cells escaped, at most ${DATABASE_LIMITS.exportRowLimit} rows), as an attachment`,
  query: oneDatabase,
  body: z.object({ sql: z.string().min(1).max(DATABASE_LIMITS.sqlMax) }),
  response: okResponse({}),
});

export const sqlHistory = defineEndpoint({
  id: 'databases.history',
  method: 'GET',
  prefix: PREFIX,
  path: '/history',
  access: MANAGE,
  summary: `What the caller ran in this database, newest first (the last ${DATABASE_LIMITS.historyKept})`,
  query: oneDatabase,
  response: okResponse({ entries: z.array(historyEntry) }),
});
