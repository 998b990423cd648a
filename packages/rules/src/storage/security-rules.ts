import { evaluateExpression, ExprRefused, parseExpression, type ExprNode, type ExprValue } from '../expression';

/**
 * Cloud Storage's security rules, Firebase Storage's in spirit: a bucket's list of path
 * patterns, each with an expression per operation in Cloud DB's rule language. A call is
 * allowed when any pattern fitting the path grants the operation; nothing fitting, or no
 * expression for the operation, refuses it. The project's members in the console are not
 * held to rules.
 *
 * Patterns: `/users/{uid}/{rest=**}`: literal segments, `{name}` for one segment, and a last
 * `{name=**}` for any number of segments (none too). The names are readable in the rules.
 */
export const STORAGE_RULE_OPERATIONS = ['read', 'list', 'write', 'delete'] as const;
export type StorageRuleOperation = (typeof STORAGE_RULE_OPERATIONS)[number];
export type StorageRule = { match: string } & Partial<Record<StorageRuleOperation, string>>;
export const STORAGE_RULES_MAX = 50;
export const STORAGE_RULE_MAX_LENGTH = 1000;

/** New buckets start locked to each signed-in user's own folder. */
export const DEFAULT_STORAGE_RULES: readonly StorageRule[] = [
  {
    match: '/users/{uid}/{rest=**}',
    read: 'auth != null && auth.uid == uid',
    list: 'auth != null && auth.uid == uid',
    write: 'auth != null && auth.uid == uid',
    delete: 'auth != null && auth.uid == uid',
  },
];

export type StorageRuleLeaf =
  | { kind: 'auth'; name: 'uid' | 'anonymous' }
  | { kind: 'authPresent' }
  | { kind: 'var'; name: string }
  | { kind: 'path' }
  | { kind: 'present'; of: 'resource' }
  | { kind: 'fact'; of: 'resource' | 'request'; name: 'size' | 'contentType' | 'contentGroup' | 'owner' }
  | { kind: 'meta'; of: 'resource' | 'request'; key: string };

export type StorageRuleProblemCode = 'syntax' | 'tooLong' | 'unknownName' | 'requestOutsideWrite' | 'resourceInList' | 'notAllowed' | 'badMatch' | 'tooMany';
export interface StorageRuleProblem {
  code: StorageRuleProblemCode;
  /** The rule's place in the list (0-based), and its operation when the problem is an expression's. */
  index: number;
  operation: StorageRuleOperation | null;
  detail: string;
}

type Segment = { literal: string } | { name: string; rest: boolean };
const RESERVED = new Set(['auth', 'request', 'resource', 'path', 'true', 'false', 'null', 'in']);
const LITERAL = /^[^{}/*]{1,200}$/;
const VAR = /^\{([A-Za-z_][A-Za-z0-9_]{0,39})(=\*\*)?\}$/;

/** A pattern read, or the reason it is not one. */
export function parseMatch(pattern: string): { ok: true; segments: Segment[] } | { ok: false; detail: string } {
  if (!pattern.startsWith('/') || pattern.length > 500) return { ok: false, detail: 'a pattern starts with / (for example /users/{uid}/{rest=**})' };
  const parts = pattern.slice(1).split('/');
  const segments: Segment[] = [];
  const names = new Set<string>();
  for (const [i, part] of parts.entries()) {
    const v = VAR.exec(part);
    if (v) {
      const name = v[1]!;
      if (RESERVED.has(name) || names.has(name)) return { ok: false, detail: `{${name}}` };
      if (v[2] && i !== parts.length - 1) return { ok: false, detail: '{name=**} comes last' };
      names.add(name);
      segments.push({ name, rest: Boolean(v[2]) });
    } else if (LITERAL.test(part) && part !== '.' && part !== '..') {
      segments.push({ literal: part });
    } else {
      return { ok: false, detail: part || '//' };
    }
  }
  return { ok: true, segments };
}

/**
 * The pattern's names bound by an object's path, or null when it does not fit. For `list`
 * the path is a folder (`users/ada/`): the pattern must fit one of its children, so its
 * last name is left unbound (null).
 */
export function matchPath(segments: readonly Segment[], path: string, forList = false): Record<string, string | null> | null {
  const parts = path.split('/');
  if (forList && parts[parts.length - 1] === '') parts.pop();
  const vars: Record<string, string | null> = {};
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if ('name' in s && s.rest) {
      vars[s.name] = forList && i >= parts.length ? null : parts.slice(i).join('/');
      return vars;
    }
    if (i >= parts.length) {
      // A folder's child: exactly one segment of the pattern left, and not a literal.
      if (forList && i === parts.length && i === segments.length - 1 && 'name' in s) {
        vars[s.name] = null;
        return vars;
      }
      return null;
    }
    const part = parts[i]!;
    if ('literal' in s) {
      if (s.literal !== part) return null;
    } else {
      if (part === '') return null;
      vars[s.name] = part;
    }
  }
  return parts.length === segments.length && !forList ? vars : null;
}

const FACTS = new Set(['size', 'contentType', 'contentGroup', 'owner']);

function resolver(names: ReadonlySet<string>, operation: StorageRuleOperation) {
  return (path: string[], name: string): StorageRuleLeaf => {
    if (name === 'auth') return { kind: 'authPresent' };
    if (name === 'auth.uid' || name === 'auth.anonymous') return { kind: 'auth', name: path[1] as 'uid' | 'anonymous' };
    if (name === 'path') return { kind: 'path' };
    if (path.length === 1 && names.has(name)) return { kind: 'var', name };
    const of = path[0];
    if (of === 'request' && operation !== 'write') throw new ExprRefused('requestOutsideWrite', name);
    if (of === 'resource' && operation === 'list') throw new ExprRefused('resourceInList', name);
    if (name === 'resource') return { kind: 'present', of: 'resource' };
    if ((of === 'resource' || of === 'request') && path.length === 2 && FACTS.has(path[1]!) && !(of === 'request' && path[1] === 'owner')) {
      return { kind: 'fact', of, name: path[1] as 'size' | 'contentType' | 'contentGroup' | 'owner' };
    }
    if ((of === 'resource' || of === 'request') && path.length === 3 && path[1] === 'metadata') return { kind: 'meta', of, key: path[2]! };
    throw new ExprRefused('unknownName', name);
  };
}

export type StorageRuleNode = ExprNode<StorageRuleLeaf>;

/** The compiled form of a bucket's rules: what the server keeps per bucket and evaluates per call. */
export interface CompiledStorageRule {
  segments: Segment[];
  operations: Partial<Record<StorageRuleOperation, StorageRuleNode>>;
}

/** Every rule checked and compiled, or the first problem. */
export function compileStorageRules(rules: readonly StorageRule[]): { ok: true; rules: CompiledStorageRule[] } | { ok: false; problem: StorageRuleProblem } {
  if (rules.length > STORAGE_RULES_MAX) return { ok: false, problem: { code: 'tooMany', index: STORAGE_RULES_MAX, operation: null, detail: String(STORAGE_RULES_MAX) } };
  const compiled: CompiledStorageRule[] = [];
  for (const [index, rule] of rules.entries()) {
    const match = parseMatch(rule.match);
    if (!match.ok) return { ok: false, problem: { code: 'badMatch', index, operation: null, detail: match.detail } };
    const names = new Set(match.segments.flatMap((s) => ('name' in s ? [s.name] : [])));
    const operations: CompiledStorageRule['operations'] = {};
    for (const operation of STORAGE_RULE_OPERATIONS) {
      const text = rule[operation]?.trim();
      if (!text) continue;
      if (text.length > STORAGE_RULE_MAX_LENGTH) return { ok: false, problem: { code: 'tooLong', index, operation, detail: String(STORAGE_RULE_MAX_LENGTH) } };
      try {
        operations[operation] = parseExpression(text, resolver(names, operation));
      } catch (err) {
        const code = (err instanceof ExprRefused ? err.code : 'syntax') as StorageRuleProblemCode;
        return { ok: false, problem: { code, index, operation, detail: err instanceof ExprRefused ? err.detail : (err as Error).message } };
      }
    }
    compiled.push({ segments: match.segments, operations });
  }
  return { ok: true, rules: compiled };
}

/** What an object looks like to a rule. */
export interface StorageObjectFacts {
  size: number;
  contentType: string;
  /** The app user who wrote it, or null (the console, an API client, the app key alone). */
  owner?: string | null;
  metadata?: Record<string, string>;
}

export interface StorageRuleContext {
  /** The object's name (`users/ada/photo.jpg`), or the folder for list (`users/ada/`). */
  path: string;
  auth: { uid: string; anonymous: boolean } | null;
  /** The stored object; null when there is none (yet). */
  resource: StorageObjectFacts | null;
  /** The object as it would be written (write only). */
  request: StorageObjectFacts | null;
}

const groupOf = (contentType: string): string => contentType.split('/')[0]!.trim().toLowerCase();

function leafValue(leaf: StorageRuleLeaf, vars: Record<string, string | null>, ctx: StorageRuleContext): ExprValue {
  switch (leaf.kind) {
    case 'auth':
      return ctx.auth ? ctx.auth[leaf.name] : null;
    case 'authPresent':
      return ctx.auth ? true : null;
    case 'var':
      return vars[leaf.name] ?? null;
    case 'path':
      return ctx.path;
    case 'present':
      return ctx.resource ? true : null;
    case 'fact': {
      const facts = leaf.of === 'resource' ? ctx.resource : ctx.request;
      if (!facts) return null;
      if (leaf.name === 'contentGroup') return groupOf(facts.contentType);
      return facts[leaf.name] ?? null;
    }
    case 'meta': {
      const facts = leaf.of === 'resource' ? ctx.resource : ctx.request;
      return facts?.metadata?.[leaf.key] ?? null;
    }
  }
}

/** Whether the operation is allowed, and by which rule (its place in the list). */
export function decideStorage(rules: readonly CompiledStorageRule[], operation: StorageRuleOperation, ctx: StorageRuleContext): { allowed: boolean; rule: number | null } {
  for (const [index, rule] of rules.entries()) {
    const node = rule.operations[operation];
    if (!node) continue;
    const vars = matchPath(rule.segments, ctx.path, operation === 'list');
    if (vars && evaluateExpression(node, (leaf) => leafValue(leaf, vars, ctx))) return { allowed: true, rule: index };
  }
  return { allowed: false, rule: null };
}

/** One case of the test kit: an operation, a path, who asks and the objects involved; `expect` is whether it should be allowed. */
export interface StorageRuleCase {
  name?: string;
  operation: StorageRuleOperation;
  path: string;
  auth: StorageRuleContext['auth'];
  resource?: StorageObjectFacts | null;
  request?: StorageObjectFacts | null;
  expect?: boolean;
}

/** The test kit: each case against the rules, without a device or a server. */
export function testStorageRules(rules: readonly StorageRule[], cases: readonly StorageRuleCase[]): { problem: StorageRuleProblem | null; results: { allowed: boolean; rule: number | null; passed: boolean | null }[] } {
  const compiled = compileStorageRules(rules);
  return {
    problem: compiled.ok ? null : compiled.problem,
    results: cases.map((c) => {
      const decision = compiled.ok ? decideStorage(compiled.rules, c.operation, { path: c.path, auth: c.auth, resource: c.resource ?? null, request: c.operation === 'write' ? (c.request ?? null) : null }) : { allowed: false, rule: null };
      return { ...decision, passed: c.expect === undefined ? null : c.expect === decision.allowed };
    }),
  };
}
