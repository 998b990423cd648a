import { REMOTE_CONFIG_LIMITS, type RemoteTemplate } from '@wharf/contract';
import { valueFitsType } from '@wharf/rules';
import { invalidInput, type LocalisedText } from '../../platform/http/errors';

/** A parameter type as a refusal says it: "must be a number". */
export const TYPE_WORDS = {
  number: { zh: '数字', en: 'a number', ru: 'числом' },
  boolean: { zh: 'true 或 false', en: 'true or false', ru: 'true или false' },
  json: { zh: '有效的 JSON', en: 'valid JSON', ru: 'корректным JSON' },
  string: { zh: '文本', en: 'text', ru: 'текстом' },
} as const;

function refuse(text: LocalisedText): never {
  throw invalidInput(text);
}

function firstDuplicate(names: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(n)) return n;
    seen.add(n);
  }
  return undefined;
}

/**
 * What the schema cannot see: names used twice, values that do not read as their
 * parameter's type, conditional values for conditions that do not exist, empty slices.
 * Each refusal names the parameter or condition, in the caller's language.
 */
export function checkTemplate(t: RemoteTemplate): void {
  const dupCondition = firstDuplicate(t.conditions.map((c) => c.name));
  if (dupCondition !== undefined) {
    refuse({ zh: `有两个条件都叫“${dupCondition}”`, en: `Two conditions are named “${dupCondition}”`, ru: `Два условия называются «${dupCondition}»` });
  }
  for (const c of t.conditions) {
    for (const r of c.rules) {
      if (r.field === 'percentile' && r.from >= r.to) {
        refuse({ zh: `条件“${c.name}”的百分比范围须从小到大`, en: `Condition “${c.name}”: the percentile range must run from a lower to a higher number`, ru: `Условие «${c.name}»: диапазон процентилей должен идти от меньшего к большему` });
      }
    }
  }
  const dupKey = firstDuplicate(t.parameters.map((p) => p.key));
  if (dupKey !== undefined) {
    refuse({ zh: `有两个参数都叫“${dupKey}”`, en: `Two parameters are named “${dupKey}”`, ru: `Два параметра называются «${dupKey}»` });
  }
  const conditions = new Set(t.conditions.map((c) => c.name));
  for (const p of t.parameters) checkParameter(p, conditions);
  const bytes = Buffer.byteLength(JSON.stringify(t));
  if (bytes > REMOTE_CONFIG_LIMITS.templateBytes) {
    refuse({ zh: `配置过大（${bytes} 字节，上限 1 MB）`, en: `The configuration is too large (${bytes} bytes; at most 1 MB)`, ru: `Конфигурация слишком велика (${bytes} байт; не больше 1 МБ)` });
  }
}

function checkParameter(p: RemoteTemplate['parameters'][number], conditions: ReadonlySet<string>): void {
  const type = TYPE_WORDS[p.type];
  if (p.defaultValue !== null && !valueFitsType(p.type, p.defaultValue)) {
    refuse({ zh: `参数“${p.key}”的默认值须为${type.zh}`, en: `Parameter “${p.key}”: the default value must be ${type.en}`, ru: `Параметр «${p.key}»: значение по умолчанию должно быть ${type.ru}` });
  }
  const seen = new Set<string>();
  for (const cv of p.conditionalValues) {
    if (!conditions.has(cv.condition)) {
      refuse({ zh: `参数“${p.key}”使用了不存在的条件“${cv.condition}”`, en: `Parameter “${p.key}” uses the condition “${cv.condition}”, which does not exist`, ru: `Параметр «${p.key}» использует условие «${cv.condition}», которого нет` });
    }
    if (seen.has(cv.condition)) {
      refuse({ zh: `参数“${p.key}”对条件“${cv.condition}”有两个值`, en: `Parameter “${p.key}” has two values for the condition “${cv.condition}”`, ru: `У параметра «${p.key}» два значения для условия «${cv.condition}»` });
    }
    seen.add(cv.condition);
    if (!valueFitsType(p.type, cv.value)) {
      refuse({ zh: `参数“${p.key}”在条件“${cv.condition}”下的值须为${type.zh}`, en: `Parameter “${p.key}”: the value for “${cv.condition}” must be ${type.en}`, ru: `Параметр «${p.key}»: значение для «${cv.condition}» должно быть ${type.ru}` });
    }
  }
}
