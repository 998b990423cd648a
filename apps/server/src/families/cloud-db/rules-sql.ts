import { sql, type SQL } from 'drizzle-orm';
import { cloudDbKey, evaluateRule, type CloudDbField, type RuleContext, type RuleNode, type RuleValue } from '@wharf/rules';
import { col, param, sys } from './document-sql';
import { valueFor } from './documents';
import type { Target } from './document-service';

type Kind = 'num' | 'text' | 'bool' | 'date' | 'null';
interface Operand {
  sql: SQL;
  kind: Kind;
  field?: CloudDbField;
  /** Known when compiling (a literal, or the caller's own facts). */
  value?: RuleValue;
}

const NUMERIC = new Set(['Byte', 'Short', 'Integer', 'Long', 'Float', 'Double', 'IntAutoIncrement', 'LongAutoIncrement']);
const kindOfField = (f: CloudDbField): Kind => (NUMERIC.has(f.fieldType) ? 'num' : f.fieldType === 'Boolean' ? 'bool' : f.fieldType === 'Date' ? 'date' : 'text');
const kindOfValue = (v: RuleValue): Kind => (v === null ? 'null' : typeof v === 'number' ? 'num' : typeof v === 'boolean' ? 'bool' : /^\d{4}-\d{2}-\d{2}T/.test(v) ? 'date' : 'text');
const TRUE = sql`true`;
const FALSE = sql`false`;

/** A literal as a parameter of the field it meets (so PostgreSQL compares like with like), or null when it cannot be one. */
function literalFor(field: CloudDbField, v: RuleValue): SQL | null {
  try {
    return param(field, valueFor({ ...field, notNull: true, maxLength: undefined }, v, null));
  } catch {
    return null;
  }
}

/**
 * A read rule as a SQL condition on the type's rows, for the caller given: the rule then
 * filters queries, aggregates and live queries in the database (docs/cloud-db.md). Its
 * meaning is `evaluateRule`'s: a server test checks both agree on every row of a fixture.
 */
export function ruleSql(t: Target, node: RuleNode, auth: RuleContext['auth']): SQL {
  const known = (value: RuleValue): Operand => ({ sql: value === null ? sql`null` : sql`${value}`, kind: kindOfValue(value), value });
  const operand = (n: RuleNode): Operand | null => {
    switch (n.kind) {
      case 'literal':
        return known(n.value);
      case 'auth':
        return known(auth ? auth[n.name] : null);
      case 'authPresent':
        return known(auth ? true : null);
      case 'resourcePresent':
        return known(true);
      case 'owner':
        return { sql: sys('owner'), kind: 'text' };
      case 'field': {
        const f = t.fields.get(cloudDbKey(n.field))!;
        return { sql: col(f), kind: kindOfField(f), field: f };
      }
      default:
        return null;
    }
  };
  const compare = (op: '==' | '!=' | '<' | '<=' | '>' | '>=', l: Operand, r: Operand): SQL => {
    // Both known: decided here, as the evaluator decides it.
    if ('value' in l && 'value' in r) {
      const ctx: RuleContext = { auth: null, resource: null, request: null };
      return evaluateRule({ kind: 'compare', op, left: { kind: 'literal', value: l.value! }, right: { kind: 'literal', value: r.value! } }, ctx) ? TRUE : FALSE;
    }
    let left = l.sql;
    let right = r.sql;
    // A known value meets a column: it must read as the column's type, else it equals nothing.
    let kinds = [l.kind, r.kind];
    for (const [i, known, other] of [[0, l, r], [1, r, l]] as const) {
      if (!('value' in known) || !other.field || known.value === null) continue;
      const fieldKind = kindOfField(other.field);
      const v = known.value!;
      const fits = fieldKind === 'text' ? typeof v === 'string' : fieldKind === 'date' ? kindOfValue(v) === 'date' : fieldKind === 'num' ? typeof v === 'number' : typeof v === 'boolean';
      if (!fits) return op === '!=' ? TRUE : FALSE;
      // A number that is not the column's (1.5 against an Integer) is compared as a double.
      const typed = literalFor(other.field, v) ?? sql`${v}::float8`;
      if (i === 0) left = typed;
      else right = typed;
      kinds = [fieldKind, fieldKind];
    }
    if (kinds[0] !== kinds[1] && kinds[0] !== 'null' && kinds[1] !== 'null') return op === '!=' ? TRUE : FALSE;
    if (op === '==') return sql`(${left} is not distinct from ${right})`;
    if (op === '!=') return sql`(${left} is distinct from ${right})`;
    return sql`coalesce(${left} ${sql.raw(op)} ${right}, false)`;
  };
  const walk = (n: RuleNode): SQL => {
    switch (n.kind) {
      case 'and':
        return sql`(${walk(n.left)} and ${walk(n.right)})`;
      case 'or':
        return sql`(${walk(n.left)} or ${walk(n.right)})`;
      case 'not':
        return sql`(not ${walk(n.operand)})`;
      case 'compare':
        return compare(n.op, operand(n.left)!, operand(n.right)!);
      case 'in': {
        const left = operand(n.left)!;
        const items = (n.right as { items: RuleValue[] }).items.filter((i) => i !== null);
        if (!items.length) return FALSE;
        return sql`(${sql.join(items.map((i) => compare('==', left, known(i))), sql` or `)})`;
      }
      default: {
        // A value on its own holds when it is true.
        return compare('==', operand(n)!, known(true));
      }
    }
  };
  return walk(node);
}
