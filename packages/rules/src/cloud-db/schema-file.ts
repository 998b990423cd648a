import { cloudDbKey, DEFAULT_CLOUD_DB_PERMISSIONS, type CloudDbObjectType, type CloudDbPermission } from './model';

/**
 * AppGallery Connect's exported schema file: object types without their rights, and the
 * rights in a list of their own, joined by the object type's name.
 */
export interface CloudDbSchemaFile {
  schemaVersion: number;
  permissions: { objectTypeName: string; permissions: CloudDbPermission[] }[];
  objectTypes: Omit<CloudDbObjectType, 'permissions'>[];
}

export const CLOUD_DB_SCHEMA_VERSION = 1;

/** The object types of a file, each with its rights (AppGallery Connect's defaults where the file names none). */
export function objectTypesOfFile(file: Pick<CloudDbSchemaFile, 'objectTypes'> & Partial<Pick<CloudDbSchemaFile, 'permissions'>>): CloudDbObjectType[] {
  const rights = new Map((file.permissions ?? []).map((p) => [cloudDbKey(p.objectTypeName), p.permissions]));
  return file.objectTypes.map((t) => ({ ...t, permissions: rights.get(cloudDbKey(t.objectTypeName)) ?? DEFAULT_CLOUD_DB_PERMISSIONS.map((p) => ({ ...p, rights: [...p.rights] })) }));
}

/** The file AppGallery Connect's console exports for these object types (and imports again). */
export function schemaFileOf(types: readonly CloudDbObjectType[]): CloudDbSchemaFile {
  return {
    schemaVersion: CLOUD_DB_SCHEMA_VERSION,
    permissions: types.map((t) => ({ objectTypeName: t.objectTypeName, permissions: t.permissions })),
    objectTypes: types.map(({ permissions: _, ...t }) => t),
  };
}
