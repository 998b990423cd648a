import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldName, REFINEMENTS, type FieldError, type FieldRule } from '@wharf/contract';
import { findForbiddenText } from './text-guard';

/** One refusal as Fastify carries it (`err.validation[]`), with our field error inside. */
export interface FieldIssue {
  keyword: FieldRule;
  instancePath: string;
  schemaPath: string;
  message: string;
  params: { fieldError: Omit<FieldError, 'in'> };
}

type ZodIssue = z.core.$ZodIssue;

function valueAt(data: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = data;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function ruleOf(issue: ZodIssue, data: unknown): Partial<Omit<FieldError, 'field' | 'name' | 'in'>> & { rule: FieldRule } {
  switch (issue.code) {
    case 'invalid_type':
      return { rule: valueAt(data, issue.path) === undefined ? 'required' : 'type' };
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 && valueAt(data, issue.path) === '' ? { rule: 'required' } : { rule: 'tooShort', min };
      if (issue.origin === 'array' || issue.origin === 'set') return { rule: 'tooFew', min };
      return { rule: 'tooSmall', min };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { rule: 'tooLong', max };
      if (issue.origin === 'array' || issue.origin === 'set') return { rule: 'tooMany', max };
      return { rule: 'tooLarge', max };
    }
    case 'invalid_format':
      return { rule: 'format', format: issue.format };
    case 'invalid_value':
      return { rule: 'oneOf', values: issue.values.map((v) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === null ? v : String(v))) };
    case 'unrecognized_keys':
      return { rule: 'unknownKeys', values: issue.keys };
    default:
      return { rule: 'invalid' };
  }
}

function issueOf(path: ReadonlyArray<PropertyKey>, error: Omit<FieldError, 'field' | 'name' | 'in'>, message: string): FieldIssue {
  const parts = path.map((p) => (typeof p === 'number' ? p : String(p)));
  const field = parts.join('.');
  return { keyword: error.rule, instancePath: `/${parts.join('/')}`, schemaPath: '', message, params: { fieldError: { field, name: fieldName(parts), ...error } } };
}

/**
 * The validator of every call's body, query and path: the body first passes the text
 * guard (characters no field may hold; query and path passed it in `guardAddress`), then
 * the contract's schema. Refusals carry field errors the error handler sends as they are;
 * nothing of zod's own wording or paths reaches a person.
 */
export function validatorCompiler({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  const zod = schema as z.ZodType;
  const guarded = httpPart === 'body';
  return (data: unknown) => {
    const bad = guarded ? findForbiddenText(data) : null;
    if (bad) return { error: [issueOf(bad.path, { rule: 'controlCharacter', character: bad.character }, `control character ${bad.character}`)] };
    const result = zod.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: result.error.issues.slice(0, 10).map((issue) => issueOf(issue.path, { ...ruleOf(issue, data), ...(issue.code === 'custom' && issue.message in REFINEMENTS ? { reason: issue.message } : {}) }, issue.message)) };
  };
}

/**
 * The text guard for every call's query and path, declared by its endpoint or not (an
 * undeclared one is read by nothing, but should not carry a NUL into a log either).
 */
export function guardAddress(req: FastifyRequest, _reply: unknown, done: (err?: Error) => void): void {
  for (const [part, context] of [[req.query, 'querystring'], [req.params, 'params']] as const) {
    const bad = findForbiddenText(part);
    if (!bad) continue;
    const error = Object.assign(new Error('control character'), {
      statusCode: 400,
      validation: [issueOf(bad.path, { rule: 'controlCharacter', character: bad.character }, `control character ${bad.character}`)],
      validationContext: context,
    });
    return done(error);
  }
  done();
}
