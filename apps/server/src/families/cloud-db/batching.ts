import DataLoader from 'dataloader';
import { is, SQL, sql } from 'drizzle-orm';
import type { CloudDbField, CloudDbObjectType, CloudDbValue } from '@wharf/rules';
import type { Deps } from '../../platform/deps';
import type { Target } from './document-service';
import { col, selectList, sys } from './document-sql';
import { columnOf, columnType, ident } from './physical';
import { renderStatement, runStatement, runText } from './statements';

type Row = Record<string, unknown>;

/** Key types whose values read back the same from `::text` (so rows find their request). */
const KEY_TYPES = new Set(['String', 'Text', 'Byte', 'Short', 'Integer', 'Long', 'IntAutoIncrement', 'LongAutoIncrement']);

/** The SQL array type a field's values travel in through `unnest` (its column's), and how a value leaves it. */
function arrayType(f: CloudDbField): { type: string; out: (c: string) => string } {
  if (!f.isNeedEncrypt && f.fieldType === 'ByteArray') return { type: 'text[]', out: (c) => `decode(${c}, 'base64')` };
  const column = columnType(f);
  // Texts travel as text: their lengths were checked with the document.
  return { type: column.startsWith('varchar') ? 'text[]' : `${column}[]`, out: (c) => c };
}

const keyFieldsOf = (type: CloudDbObjectType) => type.fields.filter((f) => f.belongPrimaryKey);
/** Whether documents of the type can be found by key in a batch. */
export const batchableKeys = (type: CloudDbObjectType): boolean => keyFieldsOf(type).every((f) => KEY_TYPES.has(f.fieldType) && !f.isNeedEncrypt);
const keyText = (values: readonly CloudDbValue[]): string => JSON.stringify(values.map((v) => String(v)));
const keyColumns = (type: CloudDbObjectType) => keyFieldsOf(type).map((f, i) => `${ident(columnOf(f))}::text as "_b${i}"`).join(', ');
const rowKey = (type: CloudDbObjectType, row: Row) => JSON.stringify(keyFieldsOf(type).map((_, i) => row[`_b${i}`]));

interface Read {
  t: Target;
  key: CloudDbValue[];
}
interface Write {
  t: Target;
  values: (CloudDbValue | undefined)[];
  owner: string | null;
  now: string;
  /** The document's own statement: run alone when the batch cannot be. */
  alone: SQL;
}

/** A select whose parameters are all plain values, each cast where it is used. */
function lateralSafe(text: string, params: readonly unknown[]): boolean {
  return /^select /i.test(text) && !/\$\d+(?!\d)(?!::)/.test(text) && params.every((p) => p === null || ['string', 'number', 'boolean'].includes(typeof p));
}

const MAX_LOADERS = 1000;
/**
 * A number for a type's catalogue revision, for what is kept per type (batches, query
 * statements): each revision is its own object, so a change of the type gives a new one.
 */
const typeIds = new WeakMap<CloudDbObjectType, number>();
let nextTypeId = 0;
export const typeId = (type: CloudDbObjectType) => typeIds.get(type) ?? (typeIds.set(type, (nextTypeId += 1)), nextTypeId);

/**
 * Group reads and group commits. Under load, the get-by-key queries and the single-document
 * writes of one type and zone that arrive in one turn of the event loop go to the database
 * as one statement (a key list; one multi-row upsert, one commit), instead of one round
 * trip, plan and commit each. Each request still gets its own answer; a batch that fails
 * is run again one document at a time, so one bad document fails only its own request.
 */
export class DocumentBatches {
  readonly #loaders = new Map<string, DataLoader<Read, Row | null> | DataLoader<Write, Row>>();

  constructor(private readonly deps: Pick<Deps, 'db' | 'database'>) {}

  /** The document with this key (every key field, in order), or null. */
  read(t: Target, key: CloudDbValue[]): Promise<Row | null> {
    return this.#loader(`r${typeId(t.type)}|${t.partition}`, (reads: readonly Read[]) => this.#reads(reads)).load({ t, key });
  }

  /** Writes one document whose key is complete; answers the stored row. */
  write(t: Target, values: (CloudDbValue | undefined)[], owner: string | null, now: string, alone: SQL): Promise<Row> {
    const given = values.map((v) => (v === undefined ? '0' : '1')).join('');
    return this.#loader(`w${typeId(t.type)}|${t.partition}|${given}`, (writes: readonly Write[]) => this.#writes(writes)).load({ t, values, owner, now, alone });
  }

  /**
   * A read statement. Those of one text (one query shape: its values are parameters) that
   * arrive together run as one: each one's parameters are a row of a JSON array, and the
   * statement runs once per row in a lateral join. Only a statement whose every parameter
   * carries its type (`$n::type`) can: in the join each arrives as text and is cast there.
   */
  select<T>(statement: SQL | { text: string; params: unknown[] }): Promise<T[]> {
    const { text, params } = is(statement, SQL) ? renderStatement(statement) : statement;
    if (!lateralSafe(text, params)) return runText<T>(this.deps, text, params);
    return this.#loader(`s${text}`, (lists: readonly unknown[][]) => this.#selects(text, lists)).load(params) as Promise<T[]>;
  }

  async #selects(text: string, lists: readonly unknown[][]): Promise<(Row[] | Error)[]> {
    const alone = (params: unknown[]) => runText<Row>(this.deps, text, params).catch((e: unknown) => e as Error);
    if (lists.length === 1) return [await alone(lists[0]!)];
    const inner = text.replace(/\$(\d+)/g, (_, k: string) => `(b.p->>${Number(k) - 1})`);
    const joined = `select b.i as "_i", q.* from jsonb_array_elements($1::jsonb) with ordinality as b(p, i) cross join lateral (select x.*, row_number() over () as "_n" from (${inner}) x) q order by b.i, q."_n"`;
    let rows: Row[];
    try {
      rows = await runText<Row>(this.deps, joined, [JSON.stringify(lists)]);
    } catch {
      return Promise.all(lists.map(alone));
    }
    const out: Row[][] = lists.map(() => []);
    // Rows keep their `_i` and `_n`: readers take the columns they know (copying each row cost more).
    for (const row of rows) out[Number(row._i) - 1]!.push(row);
    return out;
  }

  #loader<K, V>(id: string, batch: (keys: readonly K[]) => Promise<(V | Error)[]>): DataLoader<K, V> {
    let loader = this.#loaders.get(id) as DataLoader<K, V> | undefined;
    if (!loader) {
      if (this.#loaders.size >= MAX_LOADERS) this.#loaders.delete(this.#loaders.keys().next().value!);
      // After the turn's I/O callbacks (setImmediate), so requests read from every socket in it batch together.
      loader = new DataLoader<K, V>(batch, { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) });
      this.#loaders.set(id, loader as DataLoader<never, never>);
    }
    return loader;
  }

  async #reads(reads: readonly Read[]): Promise<(Row | null)[]> {
    const { t } = reads[0]!;
    const keys = keyFieldsOf(t.type);
    const match =
      keys.length === 1
        ? sql`${col(keys[0]!)} = any(${sql.param(reads.map((r) => r.key[0]))}::${sql.raw(arrayType(keys[0]!).type)})`
        : sql`(${sql.join(keys.map(col), sql`, `)}) in (select * from unnest(${sql.join(keys.map((f, i) => sql`${sql.param(reads.map((r) => r.key[i]))}::${sql.raw(arrayType(f).type)}`), sql`, `)}))`;
    const rows = await runStatement<Row>(this.deps, sql`select ${sql.raw(selectList(t.type))}, ${sql.raw(keyColumns(t.type))}, ${sys('version')} as "_v" from ${t.table} where ${sys('zone')} = ${t.partition} and ${match}`);
    const found = new Map(rows.map((r) => [rowKey(t.type, r), r]));
    return reads.map((r) => found.get(keyText(r.key)) ?? null);
  }

  async #writes(writes: readonly Write[]): Promise<(Row | Error)[]> {
    const { t } = writes[0]!;
    const keyIndexes = t.type.fields.flatMap((f, i) => (f.belongPrimaryKey ? [i] : []));
    const keyOf = (w: Write) => keyText(keyIndexes.map((i) => w.values[i]!));
    // A key twice in one statement cannot be: the second write waits for the first.
    const first: Write[] = [];
    const later: Write[] = [];
    const seen = new Set<string>();
    for (const w of writes) (seen.has(keyOf(w)) ? later : (seen.add(keyOf(w)), first)).push(w);
    const answers = new Map<Write, Row | Error>();
    const alone = async (w: Write) => {
      try {
        const [row] = await runStatement<Row>(this.deps, w.alone);
        answers.set(w, row!);
      } catch (e) {
        answers.set(w, e as Error);
      }
    };
    if (first.length === 1) await alone(first[0]!);
    else {
      try {
        const rows = await runStatement<Row>(this.deps, this.#upsertMany(t, first));
        const byKey = new Map(rows.map((r) => [rowKey(t.type, r), r]));
        for (const w of first) answers.set(w, byKey.get(keyOf(w)) ?? new Error('a batched write answered no row'));
      } catch {
        for (const w of first) await alone(w);
      }
    }
    for (const w of later) await alone(w);
    return writes.map((w) => answers.get(w)!);
  }

  /** One insert of every document (its columns as arrays), updating those whose key is taken. */
  #upsertMany(t: Target, writes: readonly Write[]): SQL {
    const given = t.type.fields.flatMap((f, i) => (writes[0]!.values[i] === undefined ? [] : [{ f, i }]));
    const arrays = given.map(({ f, i }) => sql`${sql.param(writes.map((w) => w.values[i]))}::${sql.raw(arrayType(f).type)}`);
    const names = given.map((_, j) => `c${j}`);
    const columns = sql.join([sys('zone'), ...given.map(({ f }) => col(f)), sys('owner'), sys('created'), sys('updated')], sql`, `);
    const selected = sql.raw([...given.map(({ f }, j) => arrayType(f).out(`u.${names[j]}`)), 'u.o', 'u.at', 'u.at'].join(', '));
    const conflict = sql.join([sys('zone'), ...keyFieldsOf(t.type).map(col)], sql`, `);
    const updates = sql.join(
      [...t.type.fields.filter((f) => !f.belongPrimaryKey).map((f) => sql`${col(f)} = excluded.${col(f)}`), sql`${sys('updated')} = excluded.${sys('updated')}`, sql`${sys('version')} = ${t.table}.${sys('version')} + 1`],
      sql`, `,
    );
    const owners = sql`${sql.param(writes.map((w) => w.owner))}::text[]`;
    const times = sql`${sql.param(writes.map((w) => w.now))}::timestamptz[]`;
    return sql`insert into ${t.table} (${columns}) select ${t.partition}::text, ${selected} from unnest(${sql.join([...arrays, owners, times], sql`, `)}) as u(${sql.raw([...names, 'o', 'at'].join(', '))}) on conflict (${conflict}) do update set ${updates} returning ${sql.raw(selectList(t.type))}, ${sql.raw(keyColumns(t.type))}`;
  }
}

