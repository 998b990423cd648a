import { describe, expect, it } from 'vitest';
import { fromFirebaseTemplate, isFirebaseTemplate, parseElement, ruleExpression, toFirebaseTemplate, type LooseTemplate } from './firebase-template';

const EVERY_RULE: LooseTemplate = {
  conditions: [
    { name: 'Russia 2.0+', color: '#4285f4', rules: [{ field: 'country', op: 'in', values: ['RU', 'BY'] }, { field: 'appVersion', op: 'gte', value: '2.0' }] },
    { name: 'Old Android', rules: [{ field: 'os', op: 'in', values: ['android'] }, { field: 'osVersion', op: 'lt', value: '10' }] },
    { name: 'Not Russian', rules: [{ field: 'language', op: 'notIn', values: ['ru'] }] },
    { name: 'Pixels', rules: [{ field: 'deviceModel', op: 'in', values: ["Pixel 8 'Pro'"] }] },
    { name: 'Pro', rules: [{ field: 'userProperty', name: 'plan', op: 'in', values: ['pro', 'team'] }, { field: 'userProperty', name: 'level', op: 'gte', values: ['5'] }] },
    { name: 'Not free', rules: [{ field: 'userProperty', name: 'plan', op: 'notIn', values: ['free'] }, { field: 'userProperty', name: 'email', op: 'contains', values: ['@corp'] }] },
    { name: 'Slice', rules: [{ field: 'percentile', seed: 'k3j9', from: 10, to: 25.5 }] },
    { name: 'Launch', rules: [{ field: 'dateTime', op: 'after', value: '2026-12-01T09:00:00.000Z' }, { field: 'dateTime', op: 'before', value: '2027-01-01T00:00:00.000Z' }] },
    { name: 'Buyers', rules: [{ field: 'audience', op: 'in', values: ['00000000-0000-4000-8000-0000000000b1'] }] },
  ],
  parameters: [
    { key: 'greeting', type: 'string', defaultValue: 'Hello', conditionalValues: [{ condition: 'Russia 2.0+', value: 'Привет' }], description: 'The first words' },
    { key: 'max_items', type: 'number', defaultValue: null, conditionalValues: [{ condition: 'Pro', value: '50' }], group: 'Limits' },
    { key: 'dark', type: 'boolean', defaultValue: 'false', conditionalValues: [] },
  ],
};

describe("Firebase's template shape", () => {
  it('writes each rule as a Firebase element', () => {
    expect(toFirebaseTemplate(EVERY_RULE).conditions.map((c) => c.expression)).toEqual([
      "device.country in ['RU', 'BY'] && app.version.>=(['2.0'])",
      "device.os in ['android'] && device.osVersion.<(['10'])",
      "!(device.language in ['ru'])",
      "device.model in ['Pixel 8 \\'Pro\\'']",
      "app.userProperty['plan'].exactlyMatches(['pro', 'team']) && app.userProperty['level'] >= 5",
      "!(app.userProperty['plan'].exactlyMatches(['free'])) && app.userProperty['email'].contains(['@corp'])",
      "percent('k3j9') between 10 and 25.5",
      "dateTime >= dateTime('2026-12-01T09:00:00', 'UTC') && dateTime < dateTime('2027-01-01T00:00:00', 'UTC')",
      "app.audiences.inAtLeastOne(['00000000-0000-4000-8000-0000000000b1'])",
    ]);
  });

  it('writes parameters by key with their value type, grouped ones in their group, an in-app default as Firebase says it', () => {
    const f = toFirebaseTemplate(EVERY_RULE);
    expect(f.conditions[0]!.tagColor).toBe('BLUE');
    expect(f.parameters).toEqual({
      greeting: { defaultValue: { value: 'Hello' }, conditionalValues: { 'Russia 2.0+': { value: 'Привет' } }, description: 'The first words', valueType: 'STRING' },
      dark: { defaultValue: { value: 'false' }, valueType: 'BOOLEAN' },
    });
    expect(f.parameterGroups).toEqual({ Limits: { parameters: { max_items: { defaultValue: { useInAppDefault: true }, conditionalValues: { Pro: { value: '50' } }, valueType: 'NUMBER' } } } });
  });

  it('reads back exactly what it wrote', () => {
    const back = fromFirebaseTemplate(JSON.parse(JSON.stringify(toFirebaseTemplate(EVERY_RULE))));
    expect(back.skipped).toEqual([]);
    expect(back.template.conditions).toEqual(EVERY_RULE.conditions);
    expect([...back.template.parameters].sort((a, b) => a.key.localeCompare(b.key))).toEqual([...EVERY_RULE.parameters].sort((a, b) => a.key.localeCompare(b.key)));
  });

  it('reads a template exported from Firebase, leaving out what it cannot say and naming it', () => {
    const exported = {
      conditions: [
        { name: 'iOS in the US', expression: "device.os == 'ios' && device.country in ['us', 'ca']", tagColor: 'GREEN' },
        { name: 'New builds', expression: "app.build.>=(['120'])" },
        { name: 'Tokyo evening', expression: "dateTime >= dateTime('2026-12-01T18:00:00', 'Asia/Tokyo')" },
        { name: 'Early adopters', expression: "percent <= 5 && app.audiences.inAtLeastOne(['Purchasers'])" },
      ],
      parameters: {
        welcome: { defaultValue: { value: 'Hi' }, conditionalValues: { 'iOS in the US': { value: 'Howdy' }, 'New builds': { value: 'Hey' } }, valueType: 'STRING' },
        banner: { defaultValue: { useInAppDefault: true }, valueType: 'JSON' },
      },
      parameterGroups: { Store: { description: 'Prices', parameters: { price: { defaultValue: { value: '4.99' }, valueType: 'NUMBER' } } } },
      version: { versionNumber: '7' },
    };
    expect(isFirebaseTemplate(exported)).toBe(true);
    expect(isFirebaseTemplate(EVERY_RULE)).toBe(false);
    const { template, skipped } = fromFirebaseTemplate(exported, (name) => (name === 'Purchasers' ? 'aud-1' : null));
    expect(skipped).toEqual(['New builds', 'Tokyo evening']);
    expect(template.conditions).toEqual([
      { name: 'iOS in the US', color: '#0f9d58', rules: [{ field: 'os', op: 'in', values: ['ios'] }, { field: 'country', op: 'in', values: ['US', 'CA'] }] },
      { name: 'Early adopters', rules: [{ field: 'percentile', seed: '', from: 0, to: 5 }, { field: 'audience', op: 'in', values: ['aud-1'] }] },
    ]);
    expect(template.parameters).toEqual([
      { key: 'welcome', type: 'string', defaultValue: 'Hi', conditionalValues: [{ condition: 'iOS in the US', value: 'Howdy' }] },
      { key: 'banner', type: 'json', defaultValue: null, conditionalValues: [] },
      { key: 'price', type: 'number', defaultValue: '4.99', conditionalValues: [], group: 'Store' },
    ]);
  });

  it('reads the other forms of an element, and nothing it does not know', () => {
    expect(parseElement("percent('s') > 90")).toEqual({ field: 'percentile', seed: 's', from: 90, to: 100 });
    expect(parseElement("device.os != 'android'")).toEqual({ field: 'os', op: 'notIn', values: ['android'] });
    expect(parseElement("app.userProperty['level'] == 3")).toEqual({ field: 'userProperty', name: 'level', op: 'in', values: ['3'] });
    expect(parseElement("dateTime < dateTime('2026-01-01T00:00:00+03:00')")).toEqual({ field: 'dateTime', op: 'before', value: '2025-12-31T21:00:00.000Z' });
    expect(parseElement("app.audiences.inNone(['Churned'])", () => null)).toBeNull();
    expect(parseElement("app.id == '1:123:android:abc'")).toBeNull();
    expect(parseElement("device.country in ['RU'] || device.country in ['BY']")).toBeNull();
    expect(ruleExpression({ field: 'appVersion', op: 'ne', value: '1.0' })).toBe("app.version.!=(['1.0'])");
  });
});
