import type { FastifyError } from 'fastify';
import { fieldName, REFINEMENTS, type FieldError, type RefinementKey } from '@wharf/contract';
import type { FieldIssue } from './validation';
import { AppError, type LocalisedText } from './errors';

const PARTS: Record<string, FieldError['in']> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

/** The field errors of a refused request, whatever produced the refusal (our validator, or Fastify's own). */
export function fieldErrorsOf(err: FastifyError): FieldError[] {
  const part = PARTS[(err as { validationContext?: string }).validationContext ?? 'body'] ?? 'body';
  const issues = (err.validation ?? []) as unknown as Array<Partial<FieldIssue>>;
  return issues.slice(0, 10).map((issue) => {
    if (issue.params?.fieldError) return { in: part, ...issue.params.fieldError };
    const parts = (issue.instancePath ?? '').split('/').filter(Boolean);
    return { in: part, field: parts.join('.'), name: fieldName(parts), rule: 'invalid' };
  });
}

const list = (values: FieldError['values']) => (values ?? []).map((v) => JSON.stringify(v)).join(', ');

/** One field error as a sentence for API callers (the console says it from its own locale files). */
function sentence(e: FieldError): LocalisedText {
  const f = e.field || e.in;
  switch (e.rule) {
    case 'required': return { zh: `${f} 为必填项`, en: `${f} is required`, ru: `${f}: обязательное поле` };
    case 'type': return { zh: `${f} 的类型不正确`, en: `${f} has the wrong type`, ru: `${f}: неверный тип` };
    case 'tooShort': return { zh: `${f} 至少 ${e.min} 个字符`, en: `${f} needs at least ${e.min} characters`, ru: `${f}: не короче ${e.min} символов` };
    case 'tooLong': return { zh: `${f} 最多 ${e.max} 个字符`, en: `${f} takes at most ${e.max} characters`, ru: `${f}: не длиннее ${e.max} символов` };
    case 'tooSmall': return { zh: `${f} 不能小于 ${e.min}`, en: `${f} must be at least ${e.min}`, ru: `${f}: не меньше ${e.min}` };
    case 'tooLarge': return { zh: `${f} 不能大于 ${e.max}`, en: `${f} must be at most ${e.max}`, ru: `${f}: не больше ${e.max}` };
    case 'tooFew': return { zh: `${f} 至少 ${e.min} 项`, en: `${f} needs at least ${e.min} items`, ru: `${f}: не меньше ${e.min} элементов` };
    case 'tooMany': return { zh: `${f} 最多 ${e.max} 项`, en: `${f} takes at most ${e.max} items`, ru: `${f}: не больше ${e.max} элементов` };
    case 'format': return { zh: `${f} 不是有效的 ${e.format}`, en: `${f} is not a valid ${e.format}`, ru: `${f}: недопустимый формат (${e.format})` };
    case 'oneOf': return { zh: `${f} 须为以下之一：${list(e.values)}`, en: `${f} must be one of ${list(e.values)}`, ru: `${f}: допустимые значения — ${list(e.values)}` };
    case 'unknownKeys': return { zh: `不支持的字段：${list(e.values)}`, en: `unknown fields: ${list(e.values)}`, ru: `неизвестные поля: ${list(e.values)}` };
    case 'controlCharacter': return { zh: `${f} 含有不允许的控制字符（${e.character}）`, en: `${f} holds a control character that is not allowed (${e.character})`, ru: `${f}: содержит недопустимый управляющий символ (${e.character})` };
    default: {
      const reason = e.reason ? REFINEMENTS[e.reason as RefinementKey] : null;
      return reason ? { zh: `${f}：${reason.zh}`, en: `${f}: ${reason.en}`, ru: `${f}: ${reason.ru}` } : { zh: `${f} 不合法`, en: `${f} is not valid`, ru: `${f}: недопустимое значение` };
    }
  }
}

export function describeFieldErrors(errors: FieldError[]): LocalisedText {
  const parts = errors.slice(0, 3).map(sentence);
  if (!parts.length) return { zh: '参数不合法', en: 'Invalid input', ru: 'Недопустимые параметры' };
  return { zh: `参数不合法：${parts.map((p) => p.zh).join('；')}`, en: `Invalid input: ${parts.map((p) => p.en).join('; ')}`, ru: `Недопустимые параметры: ${parts.map((p) => p.ru).join('; ')}` };
}

/** A 400 a service raises about fields of a valid body (a file that does not fit its place), said as the validator says its own. */
export function refusedFields(errors: FieldError[]): AppError {
  const err = new AppError('invalidInput', describeFieldErrors(errors));
  err.fieldErrors = errors;
  return err;
}
