import { customType } from 'drizzle-orm/pg-core';

/**
 * Text compared in byte order (`COLLATE "C"`) whatever the database's locale: a name prefix
 * is then a range of the index, and pages follow names as clients sort them (paths of
 * stored files, of hosted sites' files).
 */
export const byteOrderText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });
