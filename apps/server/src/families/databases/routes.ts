import type { FastifyInstance } from 'fastify';
import { databasesApi } from '@wharf/contract';
import { registerEndpoint, STREAMED } from '../../platform/http/register';
import type { ConsoleService } from './console';
import type { DatabasesService } from './service';

/** The console's calls: a member's of the project, checked against the project and the member's roles. */
export function databaseRoutes(app: FastifyInstance, { databases, sql }: { databases: DatabasesService; sql: ConsoleService }): void {
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
  registerEndpoint(app, databasesApi.exportQuery, async ({ caller, query, body, reply }) => {
    const file = await sql.export(caller, query.databaseId, body.sql);
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store');
    reply.send(file.body);
    return STREAMED;
  });
}
