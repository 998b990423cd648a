import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
/** One migrations folder, applied to PGlite and PostgreSQL alike. */
export const MIGRATIONS_DIR = path.resolve(here, '../../../drizzle');

/** Any fixed number: several instances starting at once take turns on this lock. */
export const MIGRATION_LOCK = 7_301_911;
/** Held by an instance for its start-up work (seeds, the first operator): see Database.exclusively. */
export const STARTUP_LOCK = 7_301_912;
