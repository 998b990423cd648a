import type pg from 'pg';
import { randomBytes } from 'node:crypto';
import { databasesApi } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { generateSecret } from '../../platform/secrets';
import type { ProjectDbCluster } from './cluster';
import { accountOut, databaseOut } from './present';
import { databasesRepo, type DatabaseRow } from './repo';
import type { SqlConsole, Target } from './sql-console';

const { DATABASE_LIMITS } = databasesApi;
export const DROP_KIND = 'databases.drop';
const DAY_MS = 86_400_000;
const NO_SUCH = { zh: '数据库不存在', en: 'No such database', ru: 'Такой базы данных нет' };

/** The family's parts on a deployment that has them: null on the embedded database. */
export interface Parts {
  cluster: ProjectDbCluster;
  console: SqlConsole;
}

/** Databases of a project and their accounts, on the project-database server. */
export class DatabasesService {
  constructor(
    readonly deps: Deps,
    readonly parts: Parts | null,
  ) {}

  /** The parts, or the refusal that explains why there are none. */
  need(): Parts {
    if (!this.parts) throw new AppError('needsPostgres');
    return this.parts;
  }

  get quotas() {
    const q = this.deps.config.projectDatabases;
    return { sizeQuotaBytes: q.sizeQuotaBytes, connectionLimit: q.connectionLimit };
  }

  async baseInfo() {
    const q = this.deps.config.projectDatabases;
    return {
      available: this.parts !== null,
      reason: this.parts ? null : ('needsPostgres' as const),
      serverVersion: this.parts ? await this.parts.cluster.version().catch(() => null) : null,
      quotas: { databases: DATABASE_LIMITS.perProject, accountsPerDatabase: DATABASE_LIMITS.accountsPerDatabase, sizeBytes: q.sizeQuotaBytes, connections: q.connectionLimit, rowLimit: DATABASE_LIMITS.rowLimit, statementSeconds: Math.ceil(q.statementMs / 1000) },
    };
  }

  /** The caller's project's database, or 404. */
  async row(caller: Caller, databaseId: string, db: DbOrTx = this.deps.db, lock = false): Promise<DatabaseRow> {
    const row = await databasesRepo.byId(db, caller.projectId!, databaseId, lock);
    if (!row) throw notFound(NO_SUCH);
    return row;
  }

  /** A ready database's console target: its owner role and that role's password. */
  async target(caller: Caller, databaseId: string): Promise<{ row: DatabaseRow; target: Target }> {
    this.need();
    const row = await this.row(caller, databaseId);
    if (row.state !== 'ready') throw conflict({ zh: '数据库正在删除中；请先恢复', en: 'The database is being deleted; restore it first', ru: 'База данных удаляется; сначала восстановите её' });
    const password = (await this.deps.secrets.reveal(this.deps.db, row.ownerSecretId)).reveal();
    return { row, target: { pgName: row.pgName, owner: row.owner, password } };
  }

  /** A ready database's console target by its id alone (a background run has no caller); null otherwise. */
  async targetOf(databaseId: string): Promise<Target | null> {
    const row = await databasesRepo.byIdAnyProject(this.deps.db, databaseId);
    if (!row || row.state !== 'ready') return null;
    const password = (await this.deps.secrets.reveal(this.deps.db, row.ownerSecretId)).reveal();
    return { pgName: row.pgName, owner: row.owner, password };
  }

  async list(caller: Caller) {
    const { cluster } = this.need();
    const rows = await databasesRepo.ofProject(this.deps.db, caller.projectId!);
    const stats = await cluster.stats(rows.map((r) => r.pgName));
    return { databases: rows.map((r) => databaseOut(r, cluster, stats.get(r.pgName), this.quotas)) };
  }

  async get(caller: Caller, databaseId: string) {
    const { cluster } = this.need();
    const row = await this.row(caller, databaseId);
    const [stats, version] = await Promise.all([cluster.stats([row.pgName]), cluster.version()]);
    const facts = row.state === 'ready' ? await cluster.inDatabase(row.pgName, catalogFacts) : { extensions: [], schemas: [], tables: [] };
    return { database: { ...databaseOut(row, cluster, stats.get(row.pgName), this.quotas), serverVersion: version, ...facts } };
  }

  async create(caller: Caller, name: string) {
    const { cluster } = this.need();
    const { db, clock, secrets } = this.deps;
    const projectId = caller.projectId!;
    if ((await databasesRepo.count(db, projectId)) >= DATABASE_LIMITS.perProject) {
      throw conflict({ zh: `每个项目最多 ${DATABASE_LIMITS.perProject} 个数据库`, en: `A project has at most ${DATABASE_LIMITS.perProject} databases`, ru: `В проекте не больше ${DATABASE_LIMITS.perProject} баз данных` });
    }
    if (await databasesRepo.byName(db, projectId, name)) throw conflict({ zh: '项目中已有同名数据库', en: 'The project has a database of this name already', ru: 'В проекте уже есть база данных с таким именем' });
    const pgName = `wdb_${randomBytes(5).toString('hex')}`;
    const owner = `${pgName}_owner`;
    const password = generateSecret();
    // The server's statements cannot share a transaction with the platform's rows: the database is made first, and dropped again if the rows fail.
    await cluster.createDatabase(pgName, owner, password);
    try {
      const row = await db.transaction(async (tx) => {
        const { secret } = await secrets.create(tx, { scope: 'project', scopeId: projectId, name: `database.${pgName}.owner`, kind: 'revealable', value: password });
        const created = await databasesRepo.insert(tx, { projectId, teamId: caller.teamId!, name, pgName, owner, ownerSecretId: secret.id, createdBy: caller.userId, createdAt: clock.now() });
        await writeAudit(tx, clock, { action: 'databases.create', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'database', targetId: created.id, data: { projectId, name, pgName } });
        return created;
      });
      return { database: databaseOut(row, cluster, undefined, this.quotas) };
    } catch (err) {
      await cluster.dropDatabase(pgName, [owner]).catch(() => undefined);
      throw err;
    }
  }

  /** Stops every session at once and drops the database when the grace period ends (a due action). */
  async remove(caller: Caller, databaseId: string) {
    const parts = this.need();
    const { db, clock, dueActions } = this.deps;
    const row = await db.transaction(async (tx) => {
      const found = await this.row(caller, databaseId, tx, true);
      if (found.state === 'deleting') return found;
      const deleteAt = new Date(clock.now().getTime() + DATABASE_LIMITS.graceDays * DAY_MS);
      const updated = await databasesRepo.update(tx, found.id, { state: 'deleting', deleteAt });
      await dueActions.schedule(tx, { kind: DROP_KIND, dueAt: deleteAt, payload: { databaseId: found.id }, dedupeKey: `database-drop:${found.id}` });
      await writeAudit(tx, clock, { action: 'databases.delete', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'database', targetId: found.id, data: { pgName: found.pgName, deleteAt: deleteAt.toISOString() } });
      return updated;
    });
    await parts.cluster.setConnectable(row.pgName, false);
    await parts.console.forget(row.pgName);
    return { database: databaseOut(row, parts.cluster, undefined, this.quotas) };
  }

  async restore(caller: Caller, databaseId: string) {
    const { cluster } = this.need();
    const { db, clock, dueActions } = this.deps;
    const row = await db.transaction(async (tx) => {
      const found = await this.row(caller, databaseId, tx, true);
      if (found.state !== 'deleting') return found;
      await dueActions.cancel(tx, `database-drop:${found.id}`);
      const updated = await databasesRepo.update(tx, found.id, { state: 'ready', deleteAt: null });
      await writeAudit(tx, clock, { action: 'databases.restore', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'database', targetId: found.id, data: { pgName: found.pgName } });
      return updated;
    });
    await cluster.setConnectable(row.pgName, true);
    return { database: databaseOut(row, cluster, undefined, this.quotas) };
  }

  /**
   * The size quota, checked every minute by each instance (idempotent): a database past it
   * becomes read-only for new transactions, and writable again once back under.
   */
  async enforceQuota(): Promise<void> {
    if (!this.parts) return;
    const { db, clock } = this.deps;
    const rows = await databasesRepo.ready(db);
    const stats = await this.parts.cluster.stats(rows.map((r) => r.pgName));
    for (const r of rows) {
      const size = stats.get(r.pgName)?.sizeBytes;
      if (size === undefined) continue;
      const over = size > this.quotas.sizeQuotaBytes;
      if (over === r.overQuota) continue;
      await this.parts.cluster.setReadOnly(r.pgName, over);
      await this.parts.console.forget(r.pgName);
      await db.transaction(async (tx) => {
        await databasesRepo.update(tx, r.id, { overQuota: over });
        await writeAudit(tx, clock, { action: over ? 'databases.overQuota' : 'databases.underQuota', teamId: r.teamId, actorKind: 'system', targetType: 'database', targetId: r.id, data: { sizeBytes: size, quotaBytes: this.quotas.sizeQuotaBytes } });
      });
    }
  }

  /** The due action: the database, its owner and its accounts go from the server, then its rows. */
  async drop(tx: DbOrTx, databaseId: string): Promise<void> {
    const parts = this.need();
    const row = await databasesRepo.byIdAnyProject(tx, databaseId, true);
    if (!row || row.state !== 'deleting') return;
    const accounts = await databasesRepo.accounts(tx, row.id);
    await parts.console.forget(row.pgName);
    await parts.cluster.dropDatabase(row.pgName, [...accounts.map((a) => a.username), row.owner]);
    await this.deps.secrets.remove(tx, row.ownerSecretId);
    await databasesRepo.remove(tx, row.id);
    await writeAudit(tx, this.deps.clock, { action: 'databases.drop', teamId: row.teamId, actorKind: 'system', targetType: 'database', targetId: row.id, data: { pgName: row.pgName } });
  }

  async accounts(caller: Caller, databaseId: string) {
    const { cluster } = this.need();
    const row = await this.row(caller, databaseId);
    return { accounts: (await databasesRepo.accounts(this.deps.db, row.id)).map((a) => accountOut(a, row, cluster)) };
  }

  async createAccount(caller: Caller, databaseId: string, input: { name: string; privilege: 'readOnly' | 'readWrite' | 'owner'; schema?: string | undefined }) {
    const { cluster } = this.need();
    const { db, clock } = this.deps;
    const row = await this.row(caller, databaseId);
    if (row.state !== 'ready') throw conflict({ zh: '数据库正在删除中', en: 'The database is being deleted', ru: 'База данных удаляется' });
    const existing = await databasesRepo.accounts(db, row.id);
    if (existing.length >= DATABASE_LIMITS.accountsPerDatabase) throw conflict({ zh: `每个数据库最多 ${DATABASE_LIMITS.accountsPerDatabase} 个账号`, en: `A database has at most ${DATABASE_LIMITS.accountsPerDatabase} accounts`, ru: `У базы данных не больше ${DATABASE_LIMITS.accountsPerDatabase} учётных записей` });
    if (existing.some((a) => a.name === input.name) || input.name === 'owner') throw conflict({ zh: '已有同名账号', en: 'An account of this name exists already', ru: 'Учётная запись с таким именем уже есть' });
    const username = `${row.pgName}_${input.name}`;
    const password = generateSecret();
    const schema = input.schema ?? 'public';
    await cluster.createAccount(row.pgName, row.owner, { username, password, privilege: input.privilege, schema });
    try {
      const account = await db.transaction(async (tx) => {
        const created = await databasesRepo.insertAccount(tx, { databaseId: row.id, name: input.name, username, privilege: input.privilege, schema, createdBy: caller.userId, createdAt: clock.now() });
        await writeAudit(tx, clock, { action: 'databases.accountCreate', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'database', targetId: row.id, data: { username, privilege: input.privilege, schema } });
        return created;
      });
      return { account: accountOut(account, row, cluster), password };
    } catch (err) {
      await cluster.dropAccount(row.pgName, row.owner, username).catch(() => undefined);
      throw err;
    }
  }

  async resetPassword(caller: Caller, databaseId: string, accountId: string) {
    const { cluster } = this.need();
    const { db, clock } = this.deps;
    const row = await this.row(caller, databaseId);
    const account = await databasesRepo.account(db, row.id, accountId);
    if (!account) throw notFound({ zh: '账号不存在', en: 'No such account', ru: 'Такой учётной записи нет' });
    const password = generateSecret();
    await db.transaction(async (tx) => {
      await writeAudit(tx, clock, { action: 'databases.accountPassword', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'database', targetId: row.id, data: { username: account.username } });
      await cluster.setPassword(account.username, password);
    });
    return { account: accountOut(account, row, cluster), password };
  }

  async deleteAccount(caller: Caller, databaseId: string, accountId: string) {
    const { cluster } = this.need();
    const { db, clock } = this.deps;
    const row = await this.row(caller, databaseId);
    const account = await databasesRepo.account(db, row.id, accountId);
    if (!account) throw notFound({ zh: '账号不存在', en: 'No such account', ru: 'Такой учётной записи нет' });
    await cluster.dropAccount(row.pgName, row.owner, account.username);
    await db.transaction(async (tx) => {
      await databasesRepo.removeAccount(tx, account.id);
      await writeAudit(tx, clock, { action: 'databases.accountDelete', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'database', targetId: row.id, data: { username: account.username } });
    });
    return {};
  }
}

/** What the database holds, as its catalog tells the cluster's role. */
async function catalogFacts(c: pg.Client) {
  const extensions = (await c.query<{ name: string; version: string }>('SELECT extname AS name, extversion AS version FROM pg_extension ORDER BY extname')).rows;
  const schemas = (await c.query<{ name: string }>("SELECT nspname AS name FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY nspname")).rows.map((r) => r.name);
  const tables = (
    await c.query<{ schema: string; name: string; rows: string | null; size: string }>(
      "SELECT n.nspname AS schema, c.relname AS name, NULLIF(c.reltuples, -1)::bigint AS rows, pg_total_relation_size(c.oid) AS size FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema' ORDER BY 1, 2 LIMIT 500",
    )
  ).rows.map((r) => ({ schema: r.schema, name: r.name, rows: r.rows === null ? null : Number(r.rows), sizeBytes: Number(r.size) }));
  return { extensions, schemas, tables };
}
