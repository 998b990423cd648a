import type { ConditionRule } from '@wharf/contract';
import { countryById, type Language } from '@wharf/rules';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const countryName = (code: string, language: Language) => countryById(code)?.names[language] ?? code;

/** One rule as a person reads it: "Country in Russia, Belarus", "App version ≥ 2.0". */
export function ruleText(rule: ConditionRule, t: Translate, language: Language, dateTime: (iso: string) => string, audienceName: (id: string) => string = (id) => id): string {
  const field = t(`field.${rule.field}`);
  switch (rule.field) {
    case 'appVersion':
    case 'osVersion':
      return `${field} ${t(`op.${rule.op}`)} ${rule.value}`;
    case 'os':
      return `${field} ${t(`op.${rule.op}`)} ${rule.values.map((o) => t(`os.${o}`)).join(', ')}`;
    case 'country':
      return `${field} ${t(`op.${rule.op}`)} ${rule.values.map((c) => countryName(c, language)).join(', ')}`;
    case 'language':
    case 'deviceModel':
      return `${field} ${t(`op.${rule.op}`)} ${rule.values.join(', ')}`;
    case 'userProperty':
      return `${field} ${rule.name} ${t(`op.${rule.op}`)} ${rule.values.join(', ')}`;
    case 'percentile':
      return t('rule.percentile', { from: rule.from, to: rule.to });
    case 'dateTime':
      return `${t(`op.${rule.op}`)} ${dateTime(rule.value)}`;
    case 'audience':
      return `${field} ${t(`op.${rule.op}`)} ${rule.values.map(audienceName).join(', ')}`;
  }
}
