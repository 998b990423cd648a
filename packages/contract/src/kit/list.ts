import { z } from 'zod';

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** Keyset pagination: an opaque cursor, never an offset, so deep pages cost the same. */
export const listQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: z.string().max(512).optional(),
  withTotal: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export type ListQuery = z.infer<typeof listQuery>;

export function listShape<T extends z.ZodType>(item: T) {
  return {
    items: z.array(item),
    nextCursor: z.string().nullable(),
    total: z.number().int().optional(),
  };
}
