import { sql, type SQL } from 'drizzle-orm';
import type { Aggregate, ObjectQuery } from '@wharf/contract';
import { cloudDbKey, type CloudDbField, type CloudDbObjectType, type CloudDbValue } from '@wharf/rules';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import { forbidden, invalidInput, notFound } from '../../platform/http/errors';
import { ownerOf, reachOf, type Actor, type Reach } from './access';
import type { ParsedRules, SchemaCatalog } from './catalog';
import { col, keyMatch, outputExpr, param, rowsOf, selectList, sys } from './document-sql';
import { documentOf, documentValues, fieldsByKey, valueFor, type FieldSeal } from './documents';
import { documentChanged } from './events';
import { DOCUMENTS_CHANGED, type DocumentsChanged } from './live';
import { columnOf, ident, qualified, tableOf } from './physical';
import { batchableKeys, DocumentBatches } from './batching';
import { aggregateSql, byKey, querySql } from './query';
import { runStatement } from './statements';
import { authOf, checkWrites } from './rules-check';
import { ruleSql } from './rules-sql';

type DocumentDeps = Pick<Deps, 'db' | 'database' | 'clock' | 'secrets' | 'events' | 'pubsub'> & { catalog: SchemaCatalog };

export interface Target {
  projectId: string;
  zoneName: string;
  /** The type's table, named for the pub/sub message of a write. */
  tableName: string;
  /** Its security rules, read (docs/cloud-db.md). */
  rules: ParsedRules;
  type: CloudDbObjectType;
  fields: Map<string, CloudDbField>;
  partition: string;
  table: SQL;
}


/** An upsert checked and ready: who it reaches, the documents' values, their owner and the statement. */
interface UpsertPlan {
  reach: Reach;
  rows: ReturnType<typeof documentValues>[];
  owner: string | null;
  now: string;
  statement: SQL;
  batchable: boolean;
}

/** Documents of a project's object types: written, deleted, queried and counted under the type's rights. */
export class CloudDbDocuments {
  readonly seal: FieldSeal;
  readonly #batches: DocumentBatches;

  constructor(private readonly deps: DocumentDeps) {
    this.#batches = new DocumentBatches(deps);
    this.seal = {
      seal: (field, text) => deps.secrets.sealValue(text, `cloud-db/${field.fieldName}`),
      open: (field, stored) => deps.secrets.openValue(stored, `cloud-db/${field.fieldName}`),
    };
  }

  async target(projectId: string, zoneName: string, typeName: string): Promise<Target> {
    const { types, zones, rules } = await this.deps.catalog.project(projectId);
    const zone = zones.get(cloudDbKey(zoneName));
    if (!zone) throw notFound({ zh: `存储区“${zoneName}”不存在`, en: `There is no zone “${zoneName}”`, ru: `Зоны «${zoneName}» нет` });
    const row = types.get(cloudDbKey(typeName));
    if (!row) throw notFound({ zh: `对象类型“${typeName}”不存在`, en: `There is no object type “${typeName}”`, ru: `Типа объектов «${typeName}» нет` });
    const type = row.definition;
    return { projectId, zoneName: zone.name, tableName: tableOf(type), rules: rules.get(row.key) ?? {}, type, fields: fieldsByKey(type), partition: zone.partition, table: sql.raw(qualified(projectId, tableOf(type))) };
  }

  /** Writes whole documents by key, all or none: a Creator may only replace their own. */
  async upsert(t: Target, actor: Actor, objects: readonly Record<string, unknown>[], alsoInTx?: (tx: Tx) => Promise<void>) {
    const w = this.#upsertOf(t, actor, objects);
    // One statement is its own transaction: with no rule to read the stored documents, no
    // subscriber for the events and nothing half-writable (a Creator's batch), the write is one round trip.
    if (!alsoInTx && (t.rules.upsert === undefined || actor.kind === 'admin') && !this.deps.events.hasSubscribers(documentChanged, t.projectId) && (w.reach === 'all' || w.rows.length === 1)) {
      const written = w.batchable ? [await this.#batches.write(t, w.rows[0]!, w.owner, w.now, w.statement)] : await runStatement<Record<string, unknown>>(this.deps, w.statement);
      if (written.length < w.rows.length) throw refuseUpsert();
      this.announce(t);
      return { upserted: written.length, objects: written.map((x) => documentOf(t.type, x, this.seal)) };
    }
    const out = await this.deps.db.transaction(async (tx) => {
      const done = await this.#upsertWith(tx, t, actor, w);
      await alsoInTx?.(tx);
      return done;
    });
    this.announce(t);
    return out;
  }

  /** `upsert` in a transaction the caller holds (a commit); the caller announces the change once it has committed. */
  upsertIn(tx: Tx, t: Target, actor: Actor, objects: readonly Record<string, unknown>[]) {
    return this.#upsertWith(tx, t, actor, this.#upsertOf(t, actor, objects));
  }

  async #upsertWith(tx: Tx, t: Target, actor: Actor, w: UpsertPlan) {
    await checkWrites(tx, t, actor, 'upsert', w.rows, this.seal);
    const written = rowsOf<Record<string, unknown>>(await tx.execute(w.statement));
    // Rolls the whole batch back: the rows not written are another user's.
    if (written.length < w.rows.length) throw refuseUpsert();
    await this.#changed(tx, t, 'upsert', w.owner, written);
    return { upserted: written.length, objects: written.map((x) => documentOf(t.type, x, this.seal)) };
  }

  /** The documents checked against the type, and the one statement that writes them all. */
  #upsertOf(t: Target, actor: Actor, objects: readonly Record<string, unknown>[]): UpsertPlan {
    const reach = reachOf(t.type, actor, 'Upsert');
    const rows = objects.map((o, i) => documentValues(t.type, t.fields, o, i, this.seal));
    const keys = t.type.fields.map((f, i) => [f, i] as const).filter(([f]) => f.belongPrimaryKey);
    const seen = new Map<string, number>();
    rows.forEach((r, i) => {
      if (keys.some(([, k]) => r[k] === undefined)) return;
      const id = JSON.stringify(keys.map(([, k]) => r[k]));
      const first = seen.get(id);
      if (first !== undefined) throw invalidInput({ zh: `第 ${first + 1} 条和第 ${i + 1} 条数据的主键相同`, en: `Documents ${first + 1} and ${i + 1} have the same primary key`, ru: `У документов ${first + 1} и ${i + 1} одинаковый первичный ключ` });
      seen.set(id, i);
    });
    const now = this.deps.clock.now().toISOString();
    const owner = ownerOf(actor);
    const columns = sql.join([sys('zone'), ...t.type.fields.map(col), sys('owner'), sys('created'), sys('updated')], sql`, `);
    const values = sql.join(
      rows.map((r) => sql`(${sql.join([sql`${t.partition}`, ...t.type.fields.map((f, i) => (r[i] === undefined ? sql`default` : param(f, r[i]!))), sql`${owner}::text`, sql`${now}::timestamptz`, sql`${now}::timestamptz`], sql`, `)})`),
      sql`, `,
    );
    const conflictKeys = sql.join([sys('zone'), ...keys.map(([f]) => col(f))], sql`, `);
    const updates = sql.join([...t.type.fields.filter((f) => !f.belongPrimaryKey).map((f) => sql`${col(f)} = excluded.${col(f)}`), sql`${sys('updated')} = excluded.${sys('updated')}`, sql`${sys('version')} = ${t.table}.${sys('version')} + 1`], sql`, `);
    const onlyOwn = reach === 'own' ? sql` where ${t.table}.${sys('owner')} = ${owner}::text` : sql``;
    const statement = sql`insert into ${t.table} (${columns}) values ${values} on conflict (${conflictKeys}) do update set ${updates}${onlyOwn} returning ${sql.raw(selectList(t.type))}`;
    // One whole document of a type found by key: it may share a statement with others (batching.ts).
    const batchable = reach === 'all' && rows.length === 1 && batchableKeys(t.type) && keys.every(([, k]) => rows[0]![k] !== undefined);
    return { reach, rows, owner, now, statement, batchable };
  }

  /** Deletes documents by key, all or none: a Creator may only delete their own. */
  async delete(t: Target, actor: Actor, objects: readonly Record<string, unknown>[], alsoInTx?: (tx: Tx) => Promise<void>) {
    const out = await this.deps.db.transaction(async (tx) => {
      const done = await this.deleteIn(tx, t, actor, objects);
      await alsoInTx?.(tx);
      return done;
    });
    if (out.deleted > 0) this.announce(t);
    return out;
  }

  /** `delete` in a transaction the caller holds (a commit); the caller announces the change once it has committed. */
  async deleteIn(tx: Tx, t: Target, actor: Actor, objects: readonly Record<string, unknown>[]) {
    const reach = reachOf(t.type, actor, 'Delete');
    const keyFields = t.type.fields.filter((f) => f.belongPrimaryKey);
    const keys = objects.map((o, i) => keyFields.map((f) => keyValue(t, f, o, i)));
    const match = keyMatch(keyFields, keys);
    const owner = ownerOf(actor);
    if (reach === 'own') {
      const [foreign] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${t.table} where ${sys('zone')} = ${t.partition} and (${match}) and ${sys('owner')} is distinct from ${owner}::text`));
      if ((foreign?.n ?? 0) > 0) throw forbidden({ zh: '只能删除自己创建的数据：本批数据未删除', en: 'You may only delete documents you created: nothing of this batch was deleted', ru: 'Удалять можно только свои документы: ничего из пакета не удалено' });
    }
    const asDocs = keys.map((k) => t.type.fields.map((f) => (f.belongPrimaryKey ? k[keyFields.indexOf(f)] : undefined)));
    await checkWrites(tx, t, actor, 'delete', asDocs, this.seal);
    const keyColumns = sql.raw(keyFields.map((f) => `${outputExpr(f)} as ${ident(columnOf(f))}`).join(', '));
    const gone = rowsOf<Record<string, unknown>>(await tx.execute(sql`delete from ${t.table} where ${sys('zone')} = ${t.partition} and (${match}) returning ${keyColumns}`));
    await this.#changed(tx, t, 'delete', owner, gone);
    return { deleted: gone.length };
  }

  /** A page of the documents the caller may read; with `withVersions`, each one's version too (what a transaction's commit names). */
  async query(t: Target, actor: Actor, q: ObjectQuery & { withVersions?: boolean }) {
    const scope = this.#readScope(t, actor);
    const key = scope.length === 0 ? byKey(t, q) : null;
    if (key) {
      const row = await this.#batches.read(t, key);
      return { objects: row ? [documentOf(t.type, row, this.seal)] : [], cursor: null, ...(q.withVersions ? { versions: row ? [Number(row._v)] : [] } : {}) };
    }
    const { text, params, orderKeys } = querySql(t, q, scope);
    const rows = await this.#batches.select<Record<string, unknown>>({ text, params });
    const more = rows.length > q.limit;
    const page = more ? rows.slice(0, q.limit) : rows;
    const last = page.at(-1);
    const cursor = more && last ? Buffer.from(JSON.stringify(orderKeys.map((k) => last[columnOf(k.field)] ?? null))).toString('base64url') : null;
    return { objects: page.map((r) => documentOf(t.type, r, this.seal)), cursor, ...(q.withVersions ? { versions: page.map((r) => Number(r._v)) } : {}) };
  }

  /** The console's page: the documents and how many match in all (as the Administrator role). */
  async browse(t: Target, q: ObjectQuery) {
    const page = await this.query(t, { kind: 'admin' }, q);
    const total = await this.aggregate(t, { kind: 'admin' }, q.where, 'count', undefined);
    return { ...page, total: Number(total.value) };
  }

  async aggregate(t: Target, actor: Actor, where: ObjectQuery['where'], aggregate: Aggregate, fieldName: string | undefined) {
    const [row] = await this.#batches.select<{ v: number | string | null }>(aggregateSql(t, where, this.#readScope(t, actor), aggregate, fieldName));
    const v = row?.v ?? null;
    if (typeof v === 'string' && /^-?\d+$/.test(v) && Number.isSafeInteger(Number(v))) return { value: Number(v) };
    return { value: v };
  }

  /**
   * What the caller may read, as conditions: a Creator's own documents, and the read rule
   * (never for the project itself). Refuses a caller without the right.
   */
  #readScope(t: Target, actor: Actor): SQL[] {
    const scope: SQL[] = [];
    if (reachOf(t.type, actor, 'Read') === 'own') {
      const owner = ownerOf(actor);
      scope.push(owner === null ? sql`false` : sql`${sys('owner')} = ${owner}::text`);
    }
    const rule = t.rules.read;
    if (rule !== undefined && actor.kind !== 'admin') scope.push(rule === false ? sql`false` : ruleSql(t, rule, authOf(actor)));
    return scope;
  }

  /**
   * Live queries of the type and zone on every instance look again: once per type and zone
   * per turn of the event loop, however many writes it held, after they committed.
   */
  announce(t: Target): void {
    const key = JSON.stringify({ projectId: t.projectId, partition: t.partition, table: t.tableName } satisfies DocumentsChanged);
    if (this.#pending.has(key)) return;
    this.#pending.add(key);
    if (this.#pending.size > 1) return;
    setImmediate(() => {
      const keys = [...this.#pending];
      this.#pending.clear();
      for (const k of keys) void this.deps.pubsub.publish(DOCUMENTS_CHANGED, JSON.parse(k) as DocumentsChanged).catch(() => undefined);
    });
  }

  readonly #pending = new Set<string>();

  /** One event per document written or deleted, in the write's transaction. */
  async #changed(tx: Tx, t: Target, op: 'upsert' | 'delete', by: string | null, rows: readonly Record<string, unknown>[]): Promise<void> {
    if (rows.length === 0) return;
    const keyFields = t.type.fields.filter((f) => f.belongPrimaryKey);
    await this.deps.events.publishMany(
      tx,
      documentChanged,
      rows.map((r) => {
        const key = Object.fromEntries(keyFields.map((f) => [f.fieldName, (r[columnOf(f)] ?? null) as string | number | null]));
        return { key: `${t.projectId}/${t.zoneName}/${t.type.objectTypeName}/${JSON.stringify(Object.values(key))}`, payload: { projectId: t.projectId, zoneName: t.zoneName, objectTypeName: t.type.objectTypeName, op, key, by } };
      }),
    );
  }
}

const refuseUpsert = () => forbidden({ zh: '只能修改自己创建的数据：本批数据未写入', en: 'You may only change documents you created: nothing of this batch was written', ru: 'Менять можно только свои документы: ничего из пакета не записано' });

/** A key field's value in a document, read by its type; refused when missing. */
export function keyValue(t: Target, f: CloudDbField, o: Record<string, unknown>, index: number): CloudDbValue {
  const entry = Object.entries(o).find(([k]) => cloudDbKey(k) === cloudDbKey(f.fieldName));
  if (!entry || entry[1] === null || entry[1] === undefined) {
    throw invalidInput({ zh: `第 ${index + 1} 条数据缺少主键字段“${f.fieldName}”`, en: `Document ${index + 1}: primary key field “${f.fieldName}” is missing`, ru: `Документ ${index + 1}: нет поля первичного ключа «${f.fieldName}»` });
  }
  return valueFor({ ...f, notNull: true }, entry[1], index);
}
