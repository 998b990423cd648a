import jsep from 'jsep';
import { cloudDbKey, type CloudDbObjectType } from './model';

/**
 * Security rules: per object type, an expression for each operation that must hold besides
 * the role's right (Firebase's rules in spirit). The language is small on purpose — names
 * (`auth`, `auth.uid`, `auth.anonymous`, `resource`, `resource.owner`, `resource.data.<field>`,
 * `request.data.<field>`), literals, `== != < <= > >=`, `in [..]`, `&& || !` and brackets —
 * so that a read rule becomes SQL and filters queries and aggregates in the database.
 */
export const RULE_OPERATIONS = ['read', 'upsert', 'delete'] as const;
export type RuleOperation = (typeof RULE_OPERATIONS)[number];
export type SecurityRules = Partial<Record<RuleOperation, string>>;
export const RULE_MAX_LENGTH = 1000;

export type RuleValue = string | number | boolean | null;

/** A checked expression: what the evaluator and the SQL compiler read. */
export type RuleNode =
  | { kind: 'literal'; value: RuleValue }
  | { kind: 'list'; items: RuleValue[] }
  | { kind: 'auth'; name: 'uid' | 'anonymous' }
  | { kind: 'authPresent' }
  | { kind: 'resourcePresent' }
  | { kind: 'owner' }
  | { kind: 'field'; of: 'resource' | 'request'; field: string }
  | { kind: 'compare'; op: '==' | '!=' | '<' | '<=' | '>' | '>='; left: RuleNode; right: RuleNode }
  | { kind: 'in'; left: RuleNode; right: RuleNode }
  | { kind: 'and' | 'or'; left: RuleNode; right: RuleNode }
  | { kind: 'not'; operand: RuleNode };

export type RuleProblemCode = 'syntax' | 'tooLong' | 'unknownName' | 'unknownField' | 'requestInRead' | 'notAllowed';
export interface RuleProblem {
  code: RuleProblemCode;
  operation: RuleOperation;
  /** The name or construct refused, or the parser's own words for a syntax error. */
  detail: string;
}

jsep.addBinaryOp('in', 7);
// Arithmetic, bit operators and the conditional are not part of the language: they stay errors.
for (const op of ['+', '-', '*', '/', '%', '|', '^', '&', '<<', '>>', '>>>', '===', '!==']) jsep.removeBinaryOp(op);
for (const op of ['~', '+']) jsep.removeUnaryOp(op);

class Refused extends Error {
  constructor(
    readonly code: RuleProblemCode,
    readonly detail: string,
  ) {
    super(detail);
  }
}

type Ast = jsep.Expression & Record<string, unknown>;

const pathOf = (node: Ast): string[] | null => {
  if (node.type === 'Identifier') return [node.name as string];
  if (node.type === 'MemberExpression' && !node.computed) {
    const head = pathOf(node.object as Ast);
    return head && (node.property as Ast).type === 'Identifier' ? [...head, (node.property as Ast).name as string] : null;
  }
  return null;
};

function literalOf(node: Ast): RuleValue | undefined {
  if (node.type === 'Literal') {
    const v = node.value as unknown;
    if (v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return v as RuleValue;
  }
  if (node.type === 'Identifier' && node.name === 'null') return null;
  return undefined;
}

function build(node: Ast, type: CloudDbObjectType, operation: RuleOperation): RuleNode {
  const literal = literalOf(node);
  if (literal !== undefined) return { kind: 'literal', value: literal };
  switch (node.type) {
    case 'ArrayExpression': {
      const items = (node.elements as Ast[]).map((e) => literalOf(e));
      if (items.some((i) => i === undefined) || items.length > 100) throw new Refused('notAllowed', 'a list holds up to 100 literals');
      return { kind: 'list', items: items as RuleValue[] };
    }
    case 'UnaryExpression': {
      const negated = literalOf(node.argument as Ast);
      if (node.operator === '-' && typeof negated === 'number') return { kind: 'literal', value: -negated };
      if (node.operator !== '!') throw new Refused('notAllowed', String(node.operator));
      return { kind: 'not', operand: build(node.argument as Ast, type, operation) };
    }
    case 'BinaryExpression': {
      const left = build(node.left as Ast, type, operation);
      const right = build(node.right as Ast, type, operation);
      const op = node.operator as string;
      if (op === '&&') return { kind: 'and', left, right };
      if (op === '||') return { kind: 'or', left, right };
      if (op === 'in') {
        if (right.kind !== 'list') throw new Refused('notAllowed', 'in takes a list: x in [1, 2]');
        return { kind: 'in', left, right };
      }
      if (op === '==' || op === '!=' || op === '<' || op === '<=' || op === '>' || op === '>=') return { kind: 'compare', op, left, right };
      throw new Refused('notAllowed', op);
    }
    case 'Identifier':
    case 'MemberExpression': {
      const path = pathOf(node);
      const name = path?.join('.') ?? '?';
      if (name === 'auth') return { kind: 'authPresent' };
      if (name === 'resource') return { kind: 'resourcePresent' };
      if (name === 'auth.uid' || name === 'auth.anonymous') return { kind: 'auth', name: path![1] as 'uid' | 'anonymous' };
      if (name === 'resource.owner') return { kind: 'owner' };
      if (path && path.length === 3 && path[1] === 'data' && (path[0] === 'resource' || path[0] === 'request')) {
        if (path[0] === 'request' && operation !== 'upsert') throw new Refused('requestInRead', name);
        const field = type.fields.find((f) => cloudDbKey(f.fieldName) === cloudDbKey(path[2]!));
        if (!field) throw new Refused('unknownField', path[2]!);
        if (field.isNeedEncrypt || field.fieldType === 'ByteArray') throw new Refused('notAllowed', `${name} (${field.isNeedEncrypt ? 'encrypted' : field.fieldType})`);
        return { kind: 'field', of: path[0] as 'resource' | 'request', field: field.fieldName };
      }
      throw new Refused('unknownName', name);
    }
    default:
      throw new Refused('notAllowed', String(node.type));
  }
}

/** A rule read and checked against the type's fields, or the first problem with it. */
export function parseRule(type: CloudDbObjectType, operation: RuleOperation, expression: string): { ok: true; node: RuleNode } | { ok: false; problem: RuleProblem } {
  if (expression.length > RULE_MAX_LENGTH) return { ok: false, problem: { code: 'tooLong', operation, detail: String(RULE_MAX_LENGTH) } };
  try {
    return { ok: true, node: build(jsep(expression) as Ast, type, operation) };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, problem: { code: err.code, operation, detail: err.detail } };
    return { ok: false, problem: { code: 'syntax', operation, detail: (err as Error).message } };
  }
}

/** Every operation's rule checked: the first problem, or null. */
export function checkRules(type: CloudDbObjectType, rules: SecurityRules): RuleProblem | null {
  for (const op of RULE_OPERATIONS) {
    const text = rules[op]?.trim();
    if (!text) continue;
    const parsed = parseRule(type, op, text);
    if (!parsed.ok) return parsed.problem;
  }
  return null;
}

/** What a rule is evaluated against: the caller, the stored document and the incoming one. */
export interface RuleContext {
  auth: { uid: string; anonymous: boolean } | null;
  /** The stored document (its fields by name) and its creator; null when there is none yet. */
  resource: { owner: string | null; data: Record<string, unknown> } | null;
  /** The document being written (upsert only). */
  request: { data: Record<string, unknown> } | null;
}

const valueAt = (data: Record<string, unknown> | undefined, field: string): RuleValue => {
  if (!data) return null;
  const key = Object.keys(data).find((k) => cloudDbKey(k) === cloudDbKey(field));
  const v = key === undefined ? null : data[key];
  return v === undefined ? null : (v as RuleValue);
};

function value(node: RuleNode, ctx: RuleContext): RuleValue | RuleValue[] {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'list':
      return node.items;
    case 'auth':
      return ctx.auth ? ctx.auth[node.name] : null;
    case 'authPresent':
      return ctx.auth ? true : null;
    case 'resourcePresent':
      return ctx.resource ? true : null;
    case 'owner':
      return ctx.resource?.owner ?? null;
    case 'field':
      return valueAt(node.of === 'resource' ? ctx.resource?.data : ctx.request?.data, node.field);
    default:
      return evaluateRule(node, ctx);
  }
}

/** Dates compare as instants, other values as themselves. */
const comparable = (v: RuleValue): RuleValue => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? new Date(v).getTime() : v);

/**
 * Whether a rule holds. Its meaning matches the SQL the server makes of a read rule: `==`
 * and `!=` treat null as a value (`IS [NOT] DISTINCT FROM`), an ordering comparison with a
 * null, or of different kinds, is false, and `!` of it is true.
 */
export function evaluateRule(node: RuleNode, ctx: RuleContext): boolean {
  switch (node.kind) {
    case 'and':
      return evaluateRule(node.left, ctx) && evaluateRule(node.right, ctx);
    case 'or':
      return evaluateRule(node.left, ctx) || evaluateRule(node.right, ctx);
    case 'not':
      return !evaluateRule(node.operand, ctx);
    case 'in': {
      const left = comparable(value(node.left, ctx) as RuleValue);
      return left !== null && (node.right as { items: RuleValue[] }).items.some((i) => comparable(i) === left);
    }
    case 'compare': {
      const l = comparable(value(node.left, ctx) as RuleValue);
      const r = comparable(value(node.right, ctx) as RuleValue);
      if (node.op === '==') return l === r;
      if (node.op === '!=') return l !== r;
      if (l === null || r === null || typeof l !== typeof r) return false;
      if (node.op === '<') return l < r;
      if (node.op === '<=') return l <= r;
      if (node.op === '>') return l > r;
      return l >= r;
    }
    default:
      return value(node, ctx) === true;
  }
}

/** One case of a rules test: an operation, who asks, and the documents involved; `expect` is whether it should be allowed. */
export interface RuleCase {
  name?: string;
  operation: RuleOperation;
  auth: RuleContext['auth'];
  resource?: RuleContext['resource'];
  request?: RuleContext['request'];
  expect?: boolean;
}

/**
 * The test kit: each case against the rules (without a device or a server), whether it
 * is allowed, and whether that is what the case expected. Cases of an operation without a
 * rule are allowed (the roles still apply on the server).
 */
export function testRules(type: CloudDbObjectType, rules: SecurityRules, cases: readonly RuleCase[]): { allowed: boolean; passed: boolean | null; problem: RuleProblem | null }[] {
  return cases.map((c) => {
    const text = rules[c.operation]?.trim();
    if (!text) return { allowed: true, passed: c.expect === undefined ? null : c.expect, problem: null };
    const parsed = parseRule(type, c.operation, text);
    if (!parsed.ok) return { allowed: false, passed: c.expect === undefined ? null : c.expect === false, problem: parsed.problem };
    const allowed = evaluateRule(parsed.node, { auth: c.auth, resource: c.resource ?? null, request: c.request ?? null });
    return { allowed, passed: c.expect === undefined ? null : c.expect === allowed, problem: null };
  });
}
