import { z } from 'zod';
import { defineTopic } from '../../platform/events';

const object = z.object({
  projectId: z.string(),
  bucket: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  /** The app user who wrote it; null for the console or the app key alone. */
  owner: z.string().nullable(),
  generation: z.number(),
});

/** A file was written (new, or replaced: its generation says which). */
export const storageObjectFinalized = defineTopic('storage.objectFinalized', object);
/** A file was deleted. */
export const storageObjectDeleted = defineTopic('storage.objectDeleted', object);
