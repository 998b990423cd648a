import { evaluateExpression, ExprRefused, parseExpression, type ExprNode, type ExprValue } from '../expression';
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

export type RuleValue = ExprValue;

/** Cloud DB's names: the caller, the stored document and the incoming one. */
export type CloudDbRuleLeaf =
  | { kind: 'auth'; name: 'uid' | 'anonymous' }
  | { kind: 'authPresent' }
  | { kind: 'resourcePresent' }
  | { kind: 'owner' }
  | { kind: 'field'; of: 'resource' | 'request'; field: string };

/** A checked expression: what the evaluator and the SQL compiler read. */
export type RuleNode = ExprNode<CloudDbRuleLeaf>;

export type RuleProblemCode = 'syntax' | 'tooLong' | 'unknownName' | 'unknownField' | 'requestInRead' | 'notAllowed';
export interface RuleProblem {
  code: RuleProblemCode;
  operation: RuleOperation;
  /** The name or construct refused, or the parser's own words for a syntax error. */
  detail: string;
}

function resolver(type: CloudDbObjectType, operation: RuleOperation) {
  return (path: string[], name: string): CloudDbRuleLeaf => {
    if (name === 'auth') return { kind: 'authPresent' };
    if (name === 'resource') return { kind: 'resourcePresent' };
    if (name === 'auth.uid' || name === 'auth.anonymous') return { kind: 'auth', name: path[1] as 'uid' | 'anonymous' };
    if (name === 'resource.owner') return { kind: 'owner' };
    if (path.length === 3 && path[1] === 'data' && (path[0] === 'resource' || path[0] === 'request')) {
      if (path[0] === 'request' && operation !== 'upsert') throw new ExprRefused('requestInRead', name);
      const field = type.fields.find((f) => cloudDbKey(f.fieldName) === cloudDbKey(path[2]!));
      if (!field) throw new ExprRefused('unknownField', path[2]!);
      if (field.isNeedEncrypt || field.fieldType === 'ByteArray') throw new ExprRefused('notAllowed', `${name} (${field.isNeedEncrypt ? 'encrypted' : field.fieldType})`);
      return { kind: 'field', of: path[0] as 'resource' | 'request', field: field.fieldName };
    }
    throw new ExprRefused('unknownName', name);
  };
}

/** A rule read and checked against the type's fields, or the first problem with it. */
export function parseRule(type: CloudDbObjectType, operation: RuleOperation, expression: string): { ok: true; node: RuleNode } | { ok: false; problem: RuleProblem } {
  if (expression.length > RULE_MAX_LENGTH) return { ok: false, problem: { code: 'tooLong', operation, detail: String(RULE_MAX_LENGTH) } };
  try {
    return { ok: true, node: parseExpression(expression, resolver(type, operation)) };
  } catch (err) {
    if (err instanceof ExprRefused) return { ok: false, problem: { code: err.code as RuleProblemCode, operation, detail: err.detail } };
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

function leafValue(leaf: CloudDbRuleLeaf, ctx: RuleContext): RuleValue {
  switch (leaf.kind) {
    case 'auth':
      return ctx.auth ? ctx.auth[leaf.name] : null;
    case 'authPresent':
      return ctx.auth ? true : null;
    case 'resourcePresent':
      return ctx.resource ? true : null;
    case 'owner':
      return ctx.resource?.owner ?? null;
    case 'field':
      return valueAt(leaf.of === 'resource' ? ctx.resource?.data : ctx.request?.data, leaf.field);
  }
}

/**
 * Whether a rule holds. Its meaning matches the SQL the server makes of a read rule: `==`
 * and `!=` treat null as a value (`IS [NOT] DISTINCT FROM`), an ordering comparison with a
 * null, or of different kinds, is false, and `!` of it is true.
 */
export function evaluateRule(node: RuleNode, ctx: RuleContext): boolean {
  return evaluateExpression(node, (leaf) => leafValue(leaf, ctx));
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
