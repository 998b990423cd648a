import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apps } from '../apps/public';

/**
 * The package a CI job last gave an app through the Connect API (app-file-info), until it
 * is parsed and becomes the package of the version in preparation: AppGallery Connect
 * attaches a file at once and compiles it afterwards; here a package is attached once parsed.
 */
export const publishingPackages = pgTable('publishing_packages', {
  appId: uuid('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  packageId: uuid('package_id').notNull(),
  clientId: text('client_id'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});
