import { describe, expect, it } from 'vitest';
import { DEFAULT_CLOUD_DB_PERMISSIONS, type CloudDbObjectType } from './model';
import { checkRules, evaluateRule, parseRule, testRules, type RuleContext } from './security-rules';

const BOOK: CloudDbObjectType = {
  objectTypeName: 'BookInfo',
  fields: [
    { fieldName: 'id', fieldType: 'Integer', belongPrimaryKey: true, notNull: true, isNeedEncrypt: false },
    { fieldName: 'price', fieldType: 'Double', belongPrimaryKey: false, notNull: false, isNeedEncrypt: false },
    { fieldName: 'shelf', fieldType: 'String', belongPrimaryKey: false, notNull: false, isNeedEncrypt: false },
    { fieldName: 'secret', fieldType: 'String', belongPrimaryKey: false, notNull: false, isNeedEncrypt: true },
  ],
  indexes: [],
  permissions: DEFAULT_CLOUD_DB_PERMISSIONS,
};
const alice = { uid: 'alice', anonymous: false };
const holds = (text: string, ctx: Partial<RuleContext>, op: 'read' | 'upsert' | 'delete' = 'upsert') => {
  const parsed = parseRule(BOOK, op, text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problem));
  return evaluateRule(parsed.node, { auth: null, resource: null, request: null, ...ctx });
};

describe('security rules', () => {
  it('compare the caller with the document and the document’s fields', () => {
    expect(holds('auth.uid == resource.owner', { auth: alice, resource: { owner: 'alice', data: {} } })).toBe(true);
    expect(holds('auth.uid == resource.owner', { auth: { uid: 'bob', anonymous: false }, resource: { owner: 'alice', data: {} } })).toBe(false);
    expect(holds('auth != null && !auth.anonymous', { auth: alice })).toBe(true);
    expect(holds('auth != null', {})).toBe(false);
    expect(holds('request.data.price >= 0 && request.data.price < 1000', { request: { data: { price: 12.5 } } })).toBe(true);
    expect(holds('request.data.price >= 0', { request: { data: { price: -1 } } })).toBe(false);
    expect(holds('request.data.shelf in ["a", "b"]', { request: { data: { shelf: 'b' } } })).toBe(true);
    expect(holds('resource == null || resource.owner == auth.uid', { auth: alice })).toBe(true);
    expect(holds('resource == null || resource.owner == auth.uid', { auth: alice, resource: { owner: 'bob', data: {} } })).toBe(false);
  });

  it('read null the way SQL does: == matches it, an ordering comparison does not, and ! of that holds', () => {
    expect(holds('request.data.price == null', { request: { data: {} } })).toBe(true);
    expect(holds('request.data.price < 5', { request: { data: { price: null } } })).toBe(false);
    expect(holds('!(request.data.price < 5)', { request: { data: { price: null } } })).toBe(true);
    expect(holds('request.data.shelf > 3', { request: { data: { shelf: 'x' } } })).toBe(false);
    expect(holds('request.data.price > -1', { request: { data: { price: 0 } } })).toBe(true);
  });

  it.each([
    ['price > ', 'syntax'],
    ['resource.data.nope == 1', 'unknownField'],
    ['window.alert == 1', 'unknownName'],
    ['request.data.price > 0', 'requestInRead'],
    ['resource.data.price + 1 > 2', 'syntax'],
    ['resource.data.price > 1 ? true : false', 'notAllowed'],
    ['resource.data.secret == "x"', 'notAllowed'],
    ['x'.repeat(1001), 'tooLong'],
  ])('refuse %s (%s)', (text, code) => {
    expect(checkRules(BOOK, { read: text })?.code).toBe(code);
  });

  it('run a test kit of cases without a device', () => {
    const rules = { upsert: 'auth != null && request.data.price >= 0', delete: 'auth.uid == resource.owner' };
    const results = testRules(BOOK, rules, [
      { operation: 'upsert', auth: alice, request: { data: { price: 1 } }, expect: true },
      { operation: 'upsert', auth: null, request: { data: { price: 1 } }, expect: false },
      { operation: 'delete', auth: alice, resource: { owner: 'bob', data: {} }, expect: true },
      { operation: 'read', auth: null },
    ]);
    expect(results.map((r) => [r.allowed, r.passed])).toEqual([[true, true], [false, true], [false, false], [true, null]]);
  });
});
