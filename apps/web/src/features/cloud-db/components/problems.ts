import type { TFunction } from 'i18next';
import { checkObjectType } from '@wharf/rules';
import type { ObjectTypeInput } from '@wharf/contract';

/** The first thing AppGallery Connect's rules refuse in the type, in the page's language, or null. */
export function problemText(input: ObjectTypeInput, t: TFunction<'cloud-db'>): string | null {
  if (!input.objectTypeName || input.fields.some((f) => !f.fieldName) || input.indexes.some((i) => !i.indexName)) return null;
  const p = checkObjectType({ ...input, indexes: input.indexes, permissions: input.permissions });
  return p ? t(`problem.${p.code}`, { type: p.objectType, field: p.field ?? '', index: p.index ?? '', limit: p.limit ?? 0 }) : null;
}
