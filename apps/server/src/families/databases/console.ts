import { databasesApi } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import { csvStream } from '../../platform/csv';
import type { Caller } from '../../platform/http/access';
import { databasesRepo } from './repo';
import type { DatabasesService } from './service';

const { DATABASE_LIMITS } = databasesApi;

/** The SQL console of a database: runs, exports and each person's history. */
export class ConsoleService {
  constructor(private readonly databases: DatabasesService) {}

  private get deps() {
    return this.databases.deps;
  }

  private get limits() {
    return { rowLimit: DATABASE_LIMITS.rowLimit, statementMs: this.deps.config.projectDatabases.statementMs };
  }

  async execute(caller: Caller, databaseId: string, sql: string) {
    const { console } = this.databases.need();
    const { row, target } = await this.databases.target(caller, databaseId);
    const started = performance.now();
    const answer = await console.run(target, sql, this.limits);
    const durationMs = Math.round(performance.now() - started);
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      await databasesRepo.addHistory(tx, { databaseId: row.id, userId: caller.userId!, sql, ok: answer.error === null, durationMs, at: clock.now() }, DATABASE_LIMITS.historyKept);
      // What ran is the team's business: the audit keeps that it ran, the history keeps the text for its author.
      await writeAudit(tx, clock, { action: 'databases.execute', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'database', targetId: row.id, data: { statements: answer.results.length + (answer.error ? 1 : 0), ok: answer.error === null } });
    });
    return answer;
  }

  /** A query's rows as CSV, streamed as they are read (formula-looking cells escaped). */
  async export(caller: Caller, databaseId: string, sql: string) {
    const { console } = this.databases.need();
    const { row, target } = await this.databases.target(caller, databaseId);
    const rows = console.rows(target, sql, DATABASE_LIMITS.exportRowLimit, this.limits.statementMs);
    const first = await rows.next();
    const head = first.done || !('columns' in first.value) ? [] : first.value.columns;
    async function* body() {
      for await (const item of rows) if ('row' in item) yield item.row;
    }
    const { db, clock } = this.deps;
    await writeAudit(db, clock, { action: 'databases.export', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'database', targetId: row.id, data: {} });
    return { fileName: `${row.name}.csv`, body: csvStream(head, body()) };
  }

  async history(caller: Caller, databaseId: string) {
    this.databases.need();
    const row = await this.databases.row(caller, databaseId);
    const entries = await databasesRepo.history(this.deps.db, row.id, caller.userId!, DATABASE_LIMITS.historyKept);
    return { entries: entries.map((e) => ({ entryId: e.id, sql: e.sql, ok: e.ok, durationMs: e.durationMs, at: e.at.toISOString() })) };
  }
}
