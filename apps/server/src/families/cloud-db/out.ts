import type { CloudDbZone, ObjectType } from '@wharf/contract';
import type { ObjectTypeRow, ZoneRow } from './repo';

export const objectTypeOut = (row: ObjectTypeRow, usage: { rows: number; bytes: number }): ObjectType => ({
  ...row.definition,
  securityRules: row.rules ?? {},
  revision: row.revision,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  ...usage,
});

export const zoneOut = (row: ZoneRow): CloudDbZone => ({ zoneName: row.name, retentionDays: row.retentionDays, createdAt: row.createdAt.toISOString() });
