import { z } from 'zod';
import { defineTopic } from '../../platform/events';

/** A project was deleted (its rows went by cascade): families that keep more for it (Cloud DB's schema) let it go. */
export const projectDeleted = defineTopic('projects.deleted', z.object({ projectId: z.string(), teamId: z.string() }));
