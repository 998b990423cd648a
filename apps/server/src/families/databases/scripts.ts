import { databasesApi, type SqlScript, type SqlTask, type StatementResult } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Caller } from '../../platform/http/access';
import { conflict, notFound } from '../../platform/http/errors';
import { displayNames } from '../accounts/public';
import { scriptsRepo, type ScriptRow, type TaskRow } from './scripts-repo';
import type { DatabasesService } from './service';
import { errorOf } from './sql-console';
import { refuseUnsupported, ScriptSyntaxError, statementsOf } from './statements';

const { DATABASE_LIMITS } = databasesApi;
export const SCRIPT_QUEUE = 'databases.script';
export const FORGET_TASK_KIND = 'databases.forgetTask';
const DAY_MS = 86_400_000;
const NO_SCRIPT = { zh: '脚本不存在', en: 'No such script', ru: 'Такого скрипта нет' };
const NO_TASK = { zh: '任务不存在', en: 'No such run', ru: 'Такого запуска нет' };

const scriptOut = (r: ScriptRow, names: Map<string, string>): SqlScript => ({ scriptId: r.id, databaseId: r.databaseId, name: r.name, sql: r.sql, updatedBy: r.updatedBy ? (names.get(r.updatedBy) ?? null) : null, updatedAt: r.updatedAt.toISOString() });

function taskOut(r: TaskRow, names: Map<string, string>): SqlTask {
  return {
    taskId: r.id,
    databaseId: r.databaseId,
    scriptId: r.scriptId,
    scriptName: r.scriptName,
    state: r.state as SqlTask['state'],
    total: r.total,
    done: r.done,
    results: r.results as StatementResult[],
    error: (r.error as SqlTask['error']) ?? null,
    startedBy: r.startedBy ? (names.get(r.startedBy) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt.toISOString(),
  };
}

/** A statement's answer as a run keeps it: its first rows only. */
const kept = (r: StatementResult): StatementResult => (r.rows.length > DATABASE_LIMITS.taskRowLimit ? { ...r, rows: r.rows.slice(0, DATABASE_LIMITS.taskRowLimit), truncated: true, rowCount: r.rowCount } : r);

/**
 * Saved scripts of a database, and their runs as background tasks (a job queue, so any
 * instance runs them): statement by statement in one session of the database's own role,
 * the progress and each answer written after every statement, cancellable from any
 * instance through the server process the run records.
 */
export class ScriptsService {
  constructor(private readonly databases: DatabasesService) {}

  private get deps() {
    return this.databases.deps;
  }

  private async names(ids: Array<string | null>) {
    return displayNames(this.deps.db, ids.filter((x): x is string => !!x));
  }

  async list(caller: Caller, databaseId: string) {
    this.databases.need();
    const row = await this.databases.row(caller, databaseId);
    const rows = await scriptsRepo.list(this.deps.db, row.id);
    const names = await this.names(rows.map((r) => r.updatedBy));
    return { scripts: rows.map((r) => scriptOut(r, names)) };
  }

  async save(caller: Caller, databaseId: string, input: { scriptId?: string | undefined; name: string; sql: string }) {
    this.databases.need();
    const { db, clock } = this.deps;
    const row = await this.databases.row(caller, databaseId);
    const script = await db.transaction(async (tx) => {
      const sameName = await scriptsRepo.byName(tx, row.id, input.name);
      if (sameName && sameName.id !== input.scriptId) throw conflict({ zh: '已有同名脚本', en: 'A script of this name exists already', ru: 'Скрипт с таким именем уже есть' });
      const set = { name: input.name, sql: input.sql, updatedBy: caller.userId, updatedAt: clock.now() };
      let saved: ScriptRow;
      if (input.scriptId) {
        if (!(await scriptsRepo.byId(tx, row.id, input.scriptId))) throw notFound(NO_SCRIPT);
        saved = await scriptsRepo.update(tx, input.scriptId, set);
      } else {
        if ((await scriptsRepo.count(tx, row.id)) >= DATABASE_LIMITS.scriptsPerDatabase) throw conflict({ zh: `每个数据库最多 ${DATABASE_LIMITS.scriptsPerDatabase} 个脚本`, en: `A database has at most ${DATABASE_LIMITS.scriptsPerDatabase} scripts`, ru: `У базы данных не больше ${DATABASE_LIMITS.scriptsPerDatabase} скриптов` });
        saved = await scriptsRepo.insert(tx, { databaseId: row.id, ...set });
      }
      await writeAudit(tx, clock, { action: 'databases.scriptSave', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'database', targetId: row.id, data: { scriptId: saved.id, name: saved.name } });
      return saved;
    });
    return { script: scriptOut(script, await this.names([script.updatedBy])) };
  }

  async remove(caller: Caller, databaseId: string, scriptId: string) {
    this.databases.need();
    const { db, clock } = this.deps;
    const row = await this.databases.row(caller, databaseId);
    await db.transaction(async (tx) => {
      const script = await scriptsRepo.byId(tx, row.id, scriptId);
      if (!script) throw notFound(NO_SCRIPT);
      await scriptsRepo.remove(tx, script.id);
      await writeAudit(tx, clock, { action: 'databases.scriptDelete', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'database', targetId: row.id, data: { scriptId, name: script.name } });
    });
    return {};
  }

  /** Queues a run of the script as it is now (a later edit does not change a run under way). */
  async run(caller: Caller, databaseId: string, scriptId: string) {
    const { db, clock, jobs, dueActions } = this.deps;
    const { row } = await this.databases.target(caller, databaseId);
    const script = await scriptsRepo.byId(db, row.id, scriptId);
    if (!script) throw notFound(NO_SCRIPT);
    const task = await db.transaction(async (tx) => {
      const now = clock.now();
      const created = await scriptsRepo.insertTask(tx, { databaseId: row.id, scriptId: script.id, scriptName: script.name, sql: script.sql, startedBy: caller.userId, createdAt: now, expiresAt: new Date(now.getTime() + DATABASE_LIMITS.taskDays * DAY_MS) });
      await dueActions.schedule(tx, { kind: FORGET_TASK_KIND, dueAt: created.expiresAt, payload: { taskId: created.id } });
      await writeAudit(tx, clock, { action: 'databases.scriptRun', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'database', targetId: row.id, data: { scriptId: script.id, taskId: created.id } });
      // In the task's transaction: a task without its job would wait until it expires.
      await jobs.sendIn(tx, SCRIPT_QUEUE, { taskId: created.id });
      return created;
    });
    jobs.wake(SCRIPT_QUEUE);
    return { task: taskOut(task, await this.names([task.startedBy])) };
  }

  async tasks(caller: Caller, databaseId: string) {
    this.databases.need();
    const row = await this.databases.row(caller, databaseId);
    const rows = await scriptsRepo.tasks(this.deps.db, row.id, 20);
    const names = await this.names(rows.map((r) => r.startedBy));
    return { tasks: rows.map((r) => taskOut(r, names)) };
  }

  private async taskOf(caller: Caller, databaseId: string, taskId: string) {
    this.databases.need();
    const row = await this.databases.row(caller, databaseId);
    const task = await scriptsRepo.task(this.deps.db, taskId);
    if (!task || task.databaseId !== row.id) throw notFound(NO_TASK);
    return task;
  }

  async get(caller: Caller, databaseId: string, taskId: string) {
    const task = await this.taskOf(caller, databaseId, taskId);
    return { task: taskOut(task, await this.names([task.startedBy])) };
  }

  /** A queued run ends at once; a running one when its statement is cancelled on the server, which any instance can do. */
  async cancel(caller: Caller, databaseId: string, taskId: string) {
    const { cluster } = this.databases.need();
    await this.taskOf(caller, databaseId, taskId);
    const { db, clock } = this.deps;
    const task = await db.transaction(async (tx) => {
      const found = (await scriptsRepo.task(tx, taskId, true))!;
      if (found.state === 'queued') return scriptsRepo.updateTask(tx, found.id, { state: 'cancelled', endedAt: clock.now() });
      if (found.state !== 'running') return found;
      await writeAudit(tx, clock, { action: 'databases.scriptCancel', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'database', targetId: found.databaseId, data: { taskId } });
      return scriptsRepo.updateTask(tx, found.id, { state: 'cancelling' });
    });
    if (task.state === 'cancelling' && task.pid) await cluster.cancel(task.pid).catch(() => undefined);
    return { task: taskOut(task, await this.names([task.startedBy])) };
  }

  /** The job: runs a queued task to its end, recording each statement as it finishes. */
  async work(taskId: string): Promise<void> {
    const { console } = this.databases.need();
    const { db, clock } = this.deps;
    const task = await scriptsRepo.task(db, taskId);
    const finish = (set: Partial<TaskRow>) => scriptsRepo.updateTask(db, task!.id, { ...set, pid: null, endedAt: clock.now() });
    // A job tried again after its instance stopped finds its run begun: its session died with that instance.
    if (task?.state === 'running' || task?.state === 'cancelling') return void (await finish({ state: 'failed', error: { statementIndex: task.done, message: 'The run was interrupted: the server running it stopped. Run the script again.', code: null } }));
    if (!task || task.state !== 'queued') return;
    const target = await this.databases.targetOf(task.databaseId);
    if (!target) return void (await finish({ state: 'failed', error: { statementIndex: 0, message: 'The database is being deleted', code: null } }));
    let statements;
    try {
      statements = await statementsOf(task.sql);
      statements.forEach(refuseUnsupported);
    } catch (err) {
      const message = err instanceof ScriptSyntaxError ? err.message : (err as Error).message;
      return void (await finish({ state: 'failed', total: 0, error: { statementIndex: 0, message, code: err instanceof ScriptSyntaxError ? '42601' : null } }));
    }
    const limits = { rowLimit: DATABASE_LIMITS.rowLimit, statementMs: this.deps.config.projectDatabases.taskStatementMs };
    // A session that cannot start (the server down) fails the run rather than leaving it queued for ever.
    await console.session(target, async (session) => {
      await scriptsRepo.updateTask(db, task.id, { state: 'running', total: statements.length, pid: session.pid, startedAt: clock.now() });
      const results: StatementResult[] = [];
      for (const [i, s] of statements.entries()) {
        if ((await scriptsRepo.task(db, task.id))?.state !== 'running') return void (await finish({ state: 'cancelled' }));
        try {
          const r = await session.one(s, limits);
          if (results.length < DATABASE_LIMITS.taskResultsKept) results.push(kept(r));
          await scriptsRepo.updateTask(db, task.id, { done: i + 1, results });
        } catch (err) {
          const cancelled = (await scriptsRepo.task(db, task.id))?.state === 'cancelling';
          const e = errorOf(err, s, i);
          return void (await finish(cancelled ? { state: 'cancelled' } : { state: 'failed', error: { statementIndex: e.statementIndex, message: e.message, code: e.code } }));
        }
      }
      await finish({ state: 'done' });
    }).catch((err: unknown) => finish({ state: 'failed', error: { statementIndex: 0, message: (err as Error).message, code: null } }));
  }

  /** The due action: a run past its keeping time goes with its results. */
  async forget(tx: Parameters<typeof scriptsRepo.removeTask>[0], taskId: string): Promise<void> {
    await scriptsRepo.removeTask(tx, taskId);
  }
}
