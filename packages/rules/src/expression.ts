import jsep from 'jsep';

/**
 * The security rules' expression language, shared by Cloud DB and Cloud Storage: literals,
 * lists, `== != < <= > >=`, `in [..]`, `&& || !` and brackets over names that each family
 * resolves itself (Cloud DB's `resource.data.<field>`, Storage's path variables and
 * `request.size`). Small on purpose, so a read rule can become SQL.
 */
export type ExprValue = string | number | boolean | null;

export type ExprOperator<L> =
  | { kind: 'literal'; value: ExprValue }
  | { kind: 'list'; items: ExprValue[] }
  | { kind: 'compare'; op: '==' | '!=' | '<' | '<=' | '>' | '>='; left: ExprNode<L>; right: ExprNode<L> }
  | { kind: 'in'; left: ExprNode<L>; right: ExprNode<L> }
  | { kind: 'and' | 'or'; left: ExprNode<L>; right: ExprNode<L> }
  | { kind: 'not'; operand: ExprNode<L> };

/** A checked expression: the operators above, and leaves (names) of the family's own kinds. */
export type ExprNode<L> = ExprOperator<L> | L;

/** A construct or name refused while reading an expression; `code` is the family's problem code. */
export class ExprRefused extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

jsep.addBinaryOp('in', 7);
// Arithmetic, bit operators and the conditional are not part of the language: they stay errors.
for (const op of ['+', '-', '*', '/', '%', '|', '^', '&', '<<', '>>', '>>>', '===', '!==']) jsep.removeBinaryOp(op);
for (const op of ['~', '+']) jsep.removeUnaryOp(op);

type Ast = jsep.Expression & Record<string, unknown>;

const pathOf = (node: Ast): string[] | null => {
  if (node.type === 'Identifier') return [node.name as string];
  if (node.type === 'MemberExpression' && !node.computed) {
    const head = pathOf(node.object as Ast);
    return head && (node.property as Ast).type === 'Identifier' ? [...head, (node.property as Ast).name as string] : null;
  }
  return null;
};

function literalOf(node: Ast): ExprValue | undefined {
  if (node.type === 'Literal') {
    const v = node.value as unknown;
    if (v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return v as ExprValue;
  }
  if (node.type === 'Identifier' && node.name === 'null') return null;
  return undefined;
}

/** Turns a dotted name (`auth.uid`) into the family's leaf, or throws ExprRefused. */
export type NameResolver<L> = (path: string[], name: string) => L;

function build<L>(node: Ast, resolve: NameResolver<L>): ExprNode<L> {
  const literal = literalOf(node);
  if (literal !== undefined) return { kind: 'literal', value: literal };
  switch (node.type) {
    case 'ArrayExpression': {
      const items = (node.elements as Ast[]).map((e) => literalOf(e));
      if (items.some((i) => i === undefined) || items.length > 100) throw new ExprRefused('notAllowed', 'a list holds up to 100 literals');
      return { kind: 'list', items: items as ExprValue[] };
    }
    case 'UnaryExpression': {
      const negated = literalOf(node.argument as Ast);
      if (node.operator === '-' && typeof negated === 'number') return { kind: 'literal', value: -negated };
      if (node.operator !== '!') throw new ExprRefused('notAllowed', String(node.operator));
      return { kind: 'not', operand: build(node.argument as Ast, resolve) };
    }
    case 'BinaryExpression': {
      const left = build(node.left as Ast, resolve);
      const right = build(node.right as Ast, resolve);
      const op = node.operator as string;
      if (op === '&&') return { kind: 'and', left, right };
      if (op === '||') return { kind: 'or', left, right };
      if (op === 'in') {
        if ((right as { kind?: string }).kind !== 'list') throw new ExprRefused('notAllowed', 'in takes a list: x in [1, 2]');
        return { kind: 'in', left, right };
      }
      if (op === '==' || op === '!=' || op === '<' || op === '<=' || op === '>' || op === '>=') return { kind: 'compare', op, left, right };
      throw new ExprRefused('notAllowed', op);
    }
    case 'Identifier':
    case 'MemberExpression': {
      const path = pathOf(node);
      return resolve(path ?? [], path?.join('.') ?? '?');
    }
    default:
      throw new ExprRefused('notAllowed', String(node.type));
  }
}

/** Reads an expression; throws ExprRefused for what the language or the resolver refuses, Error for bad syntax. */
export function parseExpression<L>(text: string, resolve: NameResolver<L>): ExprNode<L> {
  return build(jsep(text) as Ast, resolve);
}

const OPERATORS = new Set(['literal', 'list', 'compare', 'in', 'and', 'or', 'not']);
const isOperator = <L>(node: ExprNode<L>): node is ExprOperator<L> => OPERATORS.has((node as { kind: string }).kind);

/** Dates compare as instants, other values as themselves. */
const comparable = (v: ExprValue): ExprValue => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? new Date(v).getTime() : v);

function valueOf<L>(node: ExprNode<L>, leaf: (l: L) => ExprValue): ExprValue | ExprValue[] {
  if (!isOperator(node)) return leaf(node);
  if (node.kind === 'literal') return node.value;
  if (node.kind === 'list') return node.items;
  return evaluateExpression(node, leaf);
}

/**
 * Whether an expression holds, leaves valued by `leaf`. `==` and `!=` treat null as a value
 * (as SQL's `IS [NOT] DISTINCT FROM`), an ordering comparison with a null, or of different
 * kinds, is false, and `!` of it true; a leaf alone holds only when it is `true`.
 */
export function evaluateExpression<L>(node: ExprNode<L>, leaf: (l: L) => ExprValue): boolean {
  if (!isOperator(node)) return leaf(node) === true;
  switch (node.kind) {
    case 'and':
      return evaluateExpression(node.left, leaf) && evaluateExpression(node.right, leaf);
    case 'or':
      return evaluateExpression(node.left, leaf) || evaluateExpression(node.right, leaf);
    case 'not':
      return !evaluateExpression(node.operand, leaf);
    case 'in': {
      const left = comparable(valueOf(node.left, leaf) as ExprValue);
      return left !== null && (node.right as { items: ExprValue[] }).items.some((i) => comparable(i) === left);
    }
    case 'compare': {
      const l = comparable(valueOf(node.left, leaf) as ExprValue);
      const r = comparable(valueOf(node.right, leaf) as ExprValue);
      if (node.op === '==') return l === r;
      if (node.op === '!=') return l !== r;
      if (l === null || r === null || typeof l !== typeof r) return false;
      if (node.op === '<') return l < r;
      if (node.op === '<=') return l <= r;
      if (node.op === '>') return l > r;
      return l >= r;
    }
    default:
      return valueOf(node, leaf) === true;
  }
}
