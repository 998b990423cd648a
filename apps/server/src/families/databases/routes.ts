import type { FastifyInstance } from 'fastify';
import { databasesApi } from '@wharf/contract';
import { sendPrivateFile } from '../../platform/http/private-file';
import { registerEndpoint } from '../../platform/http/register';
import type { ConsoleService } from './console';
import type { ScriptsService } from './scripts';
import type { DatabasesService } from './service';

/** The console's calls: a member's of the project, checked against the project and the member's roles. */
export function databaseRoutes(app: FastifyInstance, { databases, sql, scripts }: { databases: DatabasesService; sql: ConsoleService; scripts: ScriptsService }): void {
  registerEndpoint(app, databasesApi.databaseBaseInfo, () => databases.baseInfo());
  registerEndpoint(app, databasesApi.listDatabases, ({ caller }) => databases.list(caller));
  registerEndpoint(app, databasesApi.getDatabase, ({ caller, query }) => databases.get(caller, query.databaseId));
  registerEndpoint(app, databasesApi.createDatabase, ({ caller, body }) => databases.create(caller, body.name));
  registerEndpoint(app, databasesApi.deleteDatabase, ({ caller, query }) => databases.remove(caller, query.databaseId));
  registerEndpoint(app, databasesApi.restoreDatabase, ({ caller, query }) => databases.restore(caller, query.databaseId));
  registerEndpoint(app, databasesApi.listAccounts, ({ caller, query }) => databases.accounts(caller, query.databaseId));
  registerEndpoint(app, databasesApi.createAccount, ({ caller, query, body }) => databases.createAccount(caller, query.databaseId, body));
  registerEndpoint(app, databasesApi.resetAccountPassword, ({ caller, query }) => databases.resetPassword(caller, query.databaseId, query.accountId));
  registerEndpoint(app, databasesApi.deleteAccount, ({ caller, query }) => databases.deleteAccount(caller, query.databaseId, query.accountId));
  registerEndpoint(app, databasesApi.executeSql, ({ caller, query, body }) => sql.execute(caller, query.databaseId, body.sql));
  registerEndpoint(app, databasesApi.sqlHistory, ({ caller, query }) => sql.history(caller, query.databaseId));
  registerEndpoint(app, databasesApi.listScripts, ({ caller, query }) => scripts.list(caller, query.databaseId));
  registerEndpoint(app, databasesApi.saveScript, ({ caller, query, body }) => scripts.save(caller, query.databaseId, body));
  registerEndpoint(app, databasesApi.deleteScript, ({ caller, query }) => scripts.remove(caller, query.databaseId, query.scriptId));
  registerEndpoint(app, databasesApi.runScript, ({ caller, query, body }) => scripts.run(caller, query.databaseId, body.scriptId));
  registerEndpoint(app, databasesApi.listTasks, ({ caller, query }) => scripts.tasks(caller, query.databaseId));
  registerEndpoint(app, databasesApi.getTask, ({ caller, query }) => scripts.get(caller, query.databaseId, query.taskId));
  registerEndpoint(app, databasesApi.cancelTask, ({ caller, query }) => scripts.cancel(caller, query.databaseId, query.taskId));
  registerEndpoint(app, databasesApi.exportQuery, async ({ caller, query, body, reply }) => {
    const file = await sql.export(caller, query.databaseId, body.sql);
    return sendPrivateFile(reply, { ...file, contentType: 'text/csv; charset=utf-8' });
  });
}
