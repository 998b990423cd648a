import type { ObjectType, ObjectTypeInput } from '@wharf/contract';
import { CLOUD_DB_ROLES, DEFAULT_CLOUD_DB_PERMISSIONS, type CloudDbFieldType, type CloudDbRight, type CloudDbRole } from '@wharf/rules';

export interface FieldForm {
  fieldName: string;
  fieldType: CloudDbFieldType;
  belongPrimaryKey: boolean;
  notNull: boolean;
  isNeedEncrypt: boolean;
  defaultValue?: string | null;
  maxLength?: number | null;
}

export interface TypeForm {
  objectTypeName: string;
  fields: FieldForm[];
  indexes: { indexName: string; indexList: { fieldName: string; sortType: 'ASC' | 'DESC' }[] }[];
  rights: Record<CloudDbRole, CloudDbRight[]>;
}

export const emptyField = (): FieldForm => ({ fieldName: '', fieldType: 'String', belongPrimaryKey: false, notNull: false, isNeedEncrypt: false });

/** A new type: a key field to start from and AppGallery Connect's default rights. */
export const newTypeForm = (): TypeForm => ({
  objectTypeName: '',
  fields: [{ ...emptyField(), fieldName: 'id', fieldType: 'Integer', belongPrimaryKey: true, notNull: true }],
  indexes: [],
  rights: Object.fromEntries(DEFAULT_CLOUD_DB_PERMISSIONS.map((p) => [p.role, [...p.rights]])) as TypeForm['rights'],
});

export const formOf = (t: ObjectType): TypeForm => ({
  objectTypeName: t.objectTypeName,
  fields: t.fields.map((f) => ({ ...f, defaultValue: f.defaultValue ?? null, maxLength: f.maxLength ?? null })),
  indexes: t.indexes,
  rights: Object.fromEntries(CLOUD_DB_ROLES.map((role) => [role, t.permissions.find((p) => p.role === role)?.rights ?? []])) as TypeForm['rights'],
});

/** The call's body: empty defaults and lengths left out, a key field always required. */
export function inputOf(v: TypeForm): ObjectTypeInput {
  return {
    objectTypeName: v.objectTypeName.trim(),
    fields: (v.fields ?? []).map((f) => ({
      fieldName: (f.fieldName ?? '').trim(),
      fieldType: f.fieldType,
      belongPrimaryKey: Boolean(f.belongPrimaryKey),
      notNull: Boolean(f.notNull || f.belongPrimaryKey),
      isNeedEncrypt: Boolean(f.isNeedEncrypt),
      ...(f.defaultValue !== undefined && f.defaultValue !== null && f.defaultValue !== '' ? { defaultValue: f.defaultValue } : {}),
      ...(f.maxLength ? { maxLength: Number(f.maxLength) } : {}),
    })),
    indexes: (v.indexes ?? []).map((i) => ({ indexName: (i.indexName ?? '').trim(), indexList: (i.indexList ?? []).map((e) => ({ fieldName: e.fieldName, sortType: e.sortType ?? 'ASC' })) })),
    permissions: CLOUD_DB_ROLES.map((role) => ({ role, rights: v.rights?.[role] ?? [] })),
  };
}

const keyOf = (projectId: string, name: string | undefined) => `wharf.cloudDbType.${projectId}.${name ?? 'new'}`;

/** What was typed, kept on this device until saved: a reload or another page loses nothing. */
export function keepTypeForm(projectId: string, name: string | undefined, values: TypeForm): void {
  try {
    localStorage.setItem(keyOf(projectId, name), JSON.stringify({ savedAt: new Date().toISOString(), values }));
  } catch {
    // Storage full or refused: the page still asks before it is left.
  }
}

export function readTypeForm(projectId: string, name: string | undefined): { values: TypeForm; savedAt: string } | null {
  try {
    const raw = localStorage.getItem(keyOf(projectId, name));
    if (!raw) return null;
    const kept = JSON.parse(raw) as { savedAt: string; values: TypeForm };
    return Array.isArray(kept.values?.fields) && typeof kept.values.objectTypeName === 'string' ? kept : null;
  } catch {
    return null;
  }
}

export function dropTypeForm(projectId: string, name: string | undefined): void {
  try {
    localStorage.removeItem(keyOf(projectId, name));
  } catch {
    // Nothing kept.
  }
}
