import { describe, expect, it } from 'vitest';
import {
  checkObjectType, coerceValue, DEFAULT_CLOUD_DB_PERMISSIONS, objectTypesOfFile, parseDefault, planEvolution, schemaFileOf,
  type CloudDbField, type CloudDbObjectType,
} from './index';

const field = (fieldName: string, fieldType: CloudDbField['fieldType'], more: Partial<CloudDbField> = {}): CloudDbField =>
  ({ fieldName, fieldType, belongPrimaryKey: false, notNull: false, isNeedEncrypt: false, ...more });
const book = (more: Partial<CloudDbObjectType> = {}): CloudDbObjectType => ({
  objectTypeName: 'BookInfo',
  fields: [field('id', 'Integer', { belongPrimaryKey: true, notNull: true }), field('bookName', 'String', { maxLength: 100 }), field('price', 'Double')],
  indexes: [{ indexName: 'bookName', indexList: [{ fieldName: 'bookName', sortType: 'ASC' }] }],
  permissions: DEFAULT_CLOUD_DB_PERMISSIONS,
  ...more,
});

describe('checkObjectType', () => {
  it('accepts AppGallery Connect’s sample type', () => {
    expect(checkObjectType(book())).toBeNull();
  });
  it.each([
    ['a type without a primary key', { fields: [field('a', 'String')] }, 'noPrimaryKey'],
    ['a Double key', { fields: [field('a', 'Double', { belongPrimaryKey: true })] }, 'primaryKeyType'],
    ['two fields differing in case', { fields: [field('id', 'Integer', { belongPrimaryKey: true }), field('ID', 'String')] }, 'duplicateField'],
    ['a not-null field without a default', { fields: [field('id', 'Integer', { belongPrimaryKey: true }), field('n', 'String', { notNull: true })] }, 'notNullNeedsDefault'],
    ['a default that is not a number', { fields: [field('id', 'Integer', { belongPrimaryKey: true }), field('n', 'Integer', { defaultValue: 'x' })] }, 'defaultInvalid'],
    ['a default out of a Byte', { fields: [field('id', 'Integer', { belongPrimaryKey: true }), field('n', 'Byte', { defaultValue: '300' })] }, 'defaultInvalid'],
    ['a Date default', { fields: [field('id', 'Integer', { belongPrimaryKey: true }), field('n', 'Date', { defaultValue: '2020-01-01' })] }, 'defaultNotAllowed'],
    ['an encrypted Text', { fields: [field('id', 'Integer', { belongPrimaryKey: true }), field('n', 'Text', { isNeedEncrypt: true })] }, 'encryptedType'],
    ['a length on an Integer', { fields: [field('id', 'Integer', { belongPrimaryKey: true, maxLength: 3 })] }, 'maxLengthNotAllowed'],
    ['two auto-increments', { fields: [field('id', 'IntAutoIncrement', { belongPrimaryKey: true }), field('n', 'LongAutoIncrement')] }, 'autoIncrementTwice'],
    ['an index on an unknown field', { indexes: [{ indexName: 'i', indexList: [{ fieldName: 'nope', sortType: 'ASC' as const }] }] }, 'indexUnknownField'],
    ['an index on Text', { fields: [field('id', 'Integer', { belongPrimaryKey: true }), field('t', 'Text')], indexes: [{ indexName: 'i', indexList: [{ fieldName: 't', sortType: 'ASC' as const }] }] }, 'indexFieldType'],
    ['a role named twice', { permissions: [{ role: 'World' as const, rights: [] }, { role: 'World' as const, rights: ['Read' as const] }] }, 'duplicateRole'],
  ])('refuses %s', (_, more, code) => {
    expect(checkObjectType(book(more as Partial<CloudDbObjectType>))?.code).toBe(code);
  });
});

describe('coerceValue', () => {
  it.each([
    ['Integer', 5, 5], ['Byte', -128, -128], ['Long', '9223372036854775807', '9223372036854775807'], ['Long', 12, '12'],
    ['Double', 1.5, 1.5], ['Boolean', false, false], ['Date', '2026-11-28T10:00:00+03:00', '2026-11-28T07:00:00.000Z'], ['Date', 0, '1970-01-01T00:00:00.000Z'],
    ['ByteArray', 'AQID', 'AQID'], ['String', 'ok', 'ok'],
  ] as const)('reads a %s from %j', (fieldType, raw, value) => {
    expect(coerceValue(field('f', fieldType), raw)).toEqual({ ok: true, value });
  });
  it.each([
    ['Integer', '5', 'type'], ['Integer', 1.5, 'type'], ['Byte', 128, 'range'], ['Long', '9223372036854775808', 'range'], ['Long', 2 ** 60, 'range'],
    ['Boolean', 'true', 'type'], ['Date', 'yesterday', 'type'], ['ByteArray', 'not base64!', 'type'], ['Float', 1e39, 'range'], ['Double', Number.NaN, 'type'],
    ['String', { a: 1 }, 'type'], ['String', 'x'.repeat(201), 'tooLong'],
  ] as const)('refuses a %s from %j (%s)', (fieldType, raw, problem) => {
    expect(coerceValue(field('f', fieldType), raw)).toEqual({ ok: false, problem });
  });
  it('counts characters, not UTF-16 units, against the length', () => {
    expect(coerceValue(field('f', 'String', { maxLength: 2 }), '😀😀').ok).toBe(true);
  });
  it('refuses null for a not-null field only', () => {
    expect(coerceValue(field('f', 'String', { notNull: true }), null)).toEqual({ ok: false, problem: 'null' });
    expect(coerceValue(field('f', 'String'), null)).toEqual({ ok: true, value: null });
  });
  it('reads defaults from their text', () => {
    expect(parseDefault(field('f', 'Boolean'), 'true')).toEqual({ ok: true, value: true });
    expect(parseDefault(field('f', 'Integer'), '')).toEqual({ ok: false, problem: 'type' });
  });
});

describe('planEvolution', () => {
  it('adds fields and indexes, widens, and drops a field for the server to check', () => {
    const after = book({
      fields: [field('id', 'Integer', { belongPrimaryKey: true, notNull: true }), field('bookName', 'String', { maxLength: 300 }), field('author', 'String')],
      indexes: [{ indexName: 'bookName', indexList: [{ fieldName: 'bookName', sortType: 'DESC' }] }, { indexName: 'author', indexList: [{ fieldName: 'author', sortType: 'ASC' }] }],
    });
    expect(planEvolution(book(), after)).toEqual([
      { kind: 'dropIndex', index: book().indexes[0] },
      { kind: 'widenField', field: after.fields[1], from: book().fields[1] },
      { kind: 'addField', field: after.fields[2] },
      { kind: 'dropField', field: book().fields[2] },
      { kind: 'addIndex', index: after.indexes[0] },
      { kind: 'addIndex', index: after.indexes[1] },
    ]);
  });
  it.each([
    ['a shorter String', [field('bookName', 'String', { maxLength: 10 })], 'lengthNarrowed'],
    ['a Double become Integer', [field('price', 'Integer')], 'typeNarrowed'],
    ['a new key field', [field('isbn', 'String', { belongPrimaryKey: true })], 'primaryKeyChanged'],
    ['encryption switched on', [field('price', 'Double', { isNeedEncrypt: true })], 'encryptionChanged'],
  ])('refuses %s', (_, changed, code) => {
    const fields = book().fields.map((f) => changed.find((c) => c.fieldName === f.fieldName) ?? f);
    for (const c of changed) if (!fields.includes(c)) fields.push(c);
    expect(planEvolution(book(), book({ fields }))).toMatchObject({ code });
  });
  it('sees a change of rights and nothing else', () => {
    const permissions = DEFAULT_CLOUD_DB_PERMISSIONS.map((p) => (p.role === 'World' ? { ...p, rights: [] } : p));
    expect(planEvolution(book(), book({ permissions }))).toEqual([{ kind: 'permissions' }]);
    expect(planEvolution(book(), book())).toEqual([]);
  });
});

describe('the schema file', () => {
  it('round-trips, rights joined by name in any case, defaults where none are named', () => {
    const types = [book()];
    expect(objectTypesOfFile(schemaFileOf(types))).toEqual(types);
    const file = { objectTypes: [{ ...schemaFileOf(types).objectTypes[0]!, objectTypeName: 'bookinfo' }] };
    expect(objectTypesOfFile(file)[0]!.permissions).toEqual(DEFAULT_CLOUD_DB_PERMISSIONS);
  });
});
