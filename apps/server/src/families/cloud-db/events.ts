import { z } from 'zod';
import { defineTopic, subscribe } from '../../platform/events';
import { projectDeleted } from '../projects/public';
import { run } from './evolution';
import { ident, schemaOf } from './physical';

/**
 * A document was written or deleted, keyed by the document (so one document's changes
 * arrive in order): for functions' triggers. The payload names the document by its key;
 * a subscriber reads what it holds now.
 */
export const documentChanged = defineTopic(
  'cloud-db.changed',
  z.object({
    projectId: z.string(),
    zoneName: z.string(),
    objectTypeName: z.string(),
    op: z.enum(['upsert', 'delete']),
    key: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    /** Who wrote it: an app user's ID, null for the app's key alone or the project itself. */
    by: z.string().nullable(),
  }),
);

/** A deleted project's documents go with it: its schema is dropped. */
export const dropDeletedProject = subscribe({
  name: 'cloud-db.drop-project-schema',
  topic: projectDeleted,
  async handle(event, tx) {
    await run(tx, [`drop schema if exists ${ident(schemaOf(event.payload.projectId))} cascade`]);
  },
});
