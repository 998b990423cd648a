import { describe, expect, it } from 'vitest';
import type { RemoteTemplate } from '@wharf/contract';
import { dropCondition, moveCondition, putCondition, putParameter, usesOf } from './template-edit';

const base: RemoteTemplate = {
  conditions: [
    { name: 'Russia', rules: [{ field: 'country', op: 'in', values: ['RU'] }] },
    { name: 'New', rules: [{ field: 'appVersion', op: 'gte', value: '2.0' }] },
  ],
  parameters: [{ key: 'greeting', type: 'string', defaultValue: 'Hello', conditionalValues: [{ condition: 'Russia', value: 'Привет' }] }],
};

describe('editing a template', () => {
  it('renames a condition in the parameters that use it', () => {
    const next = putCondition(base, { name: 'Russia and Belarus', rules: [{ field: 'country', op: 'in', values: ['RU', 'BY'] }] }, 'Russia');
    expect(next.conditions.map((c) => c.name)).toEqual(['Russia and Belarus', 'New']);
    expect(next.parameters[0]!.conditionalValues).toEqual([{ condition: 'Russia and Belarus', value: 'Привет' }]);
  });

  it('drops a condition with its values, and moves conditions within bounds', () => {
    expect(usesOf(base, 'Russia')).toBe(1);
    expect(dropCondition(base, 'Russia').parameters[0]!.conditionalValues).toEqual([]);
    expect(moveCondition(base, 'New', -1).conditions.map((c) => c.name)).toEqual(['New', 'Russia']);
    expect(moveCondition(base, 'New', 1)).toBe(base);
  });

  it('replaces a parameter in place, or adds one at the end', () => {
    const edited = putParameter(base, { ...base.parameters[0]!, key: 'hello' }, 'greeting');
    expect(edited.parameters.map((p) => p.key)).toEqual(['hello']);
    expect(putParameter(base, { key: 'x', type: 'boolean', defaultValue: 'true', conditionalValues: [] }, null).parameters).toHaveLength(2);
  });
});
