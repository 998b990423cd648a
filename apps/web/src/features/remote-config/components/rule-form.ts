import dayjs, { type Dayjs } from 'dayjs';
import type { CONDITION_FIELDS, ConditionRule } from '@wharf/contract';

/** One rule as the form holds it: every field's inputs, of which the chosen field's are read. */
export interface RuleValues {
  field: (typeof CONDITION_FIELDS)[number];
  op?: string;
  value?: string;
  values?: string[];
  name?: string;
  seed?: string;
  from?: number;
  to?: number;
  at?: Dayjs;
}

export const OPS: Readonly<Record<RuleValues['field'], readonly string[]>> = {
  appVersion: ['gte', 'gt', 'eq', 'ne', 'lt', 'lte'],
  osVersion: ['gte', 'gt', 'eq', 'ne', 'lt', 'lte'],
  os: ['in', 'notIn'],
  country: ['in', 'notIn'],
  language: ['in', 'notIn'],
  deviceModel: ['in', 'notIn'],
  userProperty: ['in', 'notIn', 'contains', 'gt', 'gte', 'lt', 'lte'],
  audience: ['in', 'notIn'],
  percentile: [],
  dateTime: ['after', 'before'],
};

/** A seed of its own for each new percentile rule, so two experiments do not pick the same devices. */
export const newSeed = () => Math.random().toString(36).slice(2, 10);

export function ruleToForm(rule: ConditionRule): RuleValues {
  switch (rule.field) {
    case 'appVersion':
    case 'osVersion':
      return { field: rule.field, op: rule.op, value: rule.value };
    case 'userProperty':
      return { field: rule.field, op: rule.op, name: rule.name, values: [...rule.values] };
    case 'percentile':
      return { field: rule.field, seed: rule.seed, from: rule.from, to: rule.to };
    case 'dateTime':
      return { field: rule.field, op: rule.op, at: dayjs(rule.value) };
    default:
      return { field: rule.field, op: rule.op, values: [...rule.values] };
  }
}

/** The rule the server takes; the schema there checks what the form could not. */
export function formToRule(v: RuleValues): ConditionRule {
  switch (v.field) {
    case 'appVersion':
    case 'osVersion':
      return { field: v.field, op: v.op as 'eq', value: (v.value ?? '').trim() };
    case 'userProperty':
      return { field: v.field, op: v.op as 'in', name: (v.name ?? '').trim(), values: v.values ?? [] };
    case 'percentile':
      return { field: v.field, seed: v.seed ?? '', from: v.from ?? 0, to: v.to ?? 0 };
    case 'dateTime':
      return { field: v.field, op: v.op as 'after', value: (v.at ?? dayjs()).toISOString() };
    case 'os':
      return { field: v.field, op: v.op as 'in', values: (v.values ?? []) as Array<'android'> };
    default:
      return { field: v.field, op: v.op as 'in', values: v.values ?? [] };
  }
}
