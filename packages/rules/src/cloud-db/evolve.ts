import { cloudDbKey, lengthOf, type CloudDbField, type CloudDbFieldType, type CloudDbIndex, type CloudDbObjectType } from './model';

/** One step from a stored object type to a new definition of it, each applied without losing a value. */
export type ObjectTypeChange =
  | { kind: 'addField'; field: CloudDbField }
  /** Dropped only while no document holds a value in it: the server checks. */
  | { kind: 'dropField'; field: CloudDbField }
  | { kind: 'widenField'; field: CloudDbField; from: CloudDbField }
  | { kind: 'setDefault'; field: CloudDbField }
  | { kind: 'setNotNull'; field: CloudDbField; notNull: boolean }
  | { kind: 'addIndex'; index: CloudDbIndex }
  | { kind: 'dropIndex'; index: CloudDbIndex }
  | { kind: 'permissions' };

export type EvolutionRefusal =
  | 'primaryKeyChanged' | 'typeNarrowed' | 'lengthNarrowed' | 'encryptionChanged' | 'autoIncrementAdded';

export interface EvolutionProblem {
  code: EvolutionRefusal;
  objectType: string;
  field: string;
}

/** Each type's wider types: every value of the first is a value of the second. */
const WIDER: Partial<Record<CloudDbFieldType, readonly CloudDbFieldType[]>> = {
  Byte: ['Short', 'Integer', 'Long'],
  Short: ['Integer', 'Long'],
  Integer: ['Long'],
  Float: ['Double'],
  String: ['Text'],
};

const sameIndex = (a: CloudDbIndex, b: CloudDbIndex) =>
  a.indexList.length === b.indexList.length &&
  a.indexList.every((e, i) => cloudDbKey(e.fieldName) === cloudDbKey(b.indexList[i]!.fieldName) && e.sortType === b.indexList[i]!.sortType);

function fieldChanges(objectType: string, from: CloudDbField, to: CloudDbField): ObjectTypeChange[] | EvolutionProblem {
  const refuse = (code: EvolutionRefusal): EvolutionProblem => ({ code, objectType, field: to.fieldName });
  if (from.belongPrimaryKey !== to.belongPrimaryKey) return refuse('primaryKeyChanged');
  if (from.isNeedEncrypt !== to.isNeedEncrypt) return refuse('encryptionChanged');
  const changes: ObjectTypeChange[] = [];
  if (from.fieldType !== to.fieldType) {
    if (from.belongPrimaryKey || !WIDER[from.fieldType]?.includes(to.fieldType)) return refuse('typeNarrowed');
    changes.push({ kind: 'widenField', field: to, from });
  } else if ((from.fieldType === 'String' || from.fieldType === 'Text') && lengthOf(to) !== lengthOf(from)) {
    if (lengthOf(to) < lengthOf(from)) return refuse('lengthNarrowed');
    changes.push({ kind: 'widenField', field: to, from });
  }
  if (from.defaultValue !== to.defaultValue) changes.push({ kind: 'setDefault', field: to });
  if (from.notNull !== to.notNull && !to.belongPrimaryKey) changes.push({ kind: 'setNotNull', field: to, notNull: to.notNull });
  return changes;
}

/**
 * The steps from `before` to `after` (a checked definition of the same object type), or
 * the first change that could lose data or break what devices hold: a key changed, a type
 * or length narrowed, encryption switched. Dropping a field is a step the server takes only
 * while the field holds no value.
 */
export function planEvolution(before: CloudDbObjectType, after: CloudDbObjectType): ObjectTypeChange[] | EvolutionProblem {
  const objectType = after.objectTypeName;
  const old = new Map(before.fields.map((f) => [cloudDbKey(f.fieldName), f]));
  const changes: ObjectTypeChange[] = [];
  for (const f of after.fields) {
    const was = old.get(cloudDbKey(f.fieldName));
    if (!was) {
      if (f.belongPrimaryKey) return { code: 'primaryKeyChanged', objectType, field: f.fieldName };
      if (f.fieldType === 'IntAutoIncrement' || f.fieldType === 'LongAutoIncrement') return { code: 'autoIncrementAdded', objectType, field: f.fieldName };
      changes.push({ kind: 'addField', field: f });
      continue;
    }
    const steps = fieldChanges(objectType, was, f);
    if (!Array.isArray(steps)) return steps;
    changes.push(...steps);
  }
  const kept = new Set(after.fields.map((f) => cloudDbKey(f.fieldName)));
  for (const f of before.fields) {
    if (kept.has(cloudDbKey(f.fieldName))) continue;
    if (f.belongPrimaryKey) return { code: 'primaryKeyChanged', objectType, field: f.fieldName };
    changes.push({ kind: 'dropField', field: f });
  }
  const oldIndexes = new Map(before.indexes.map((i) => [cloudDbKey(i.indexName), i]));
  const newIndexes = new Map(after.indexes.map((i) => [cloudDbKey(i.indexName), i]));
  for (const [key, i] of oldIndexes) {
    const next = newIndexes.get(key);
    if (!next || !sameIndex(i, next)) changes.unshift({ kind: 'dropIndex', index: i });
  }
  for (const [key, i] of newIndexes) {
    const was = oldIndexes.get(key);
    if (!was || !sameIndex(was, i)) changes.push({ kind: 'addIndex', index: i });
  }
  if (JSON.stringify(normalRights(before)) !== JSON.stringify(normalRights(after))) changes.push({ kind: 'permissions' });
  return changes;
}

const normalRights = (t: CloudDbObjectType) =>
  [...t.permissions].sort((a, b) => a.role.localeCompare(b.role)).map((p) => [p.role, [...p.rights].sort()]);

export const isEvolutionProblem = (x: ObjectTypeChange[] | EvolutionProblem): x is EvolutionProblem => !Array.isArray(x);
