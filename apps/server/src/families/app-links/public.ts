// What other families may use of app-links: nothing else of this folder.
import type { DbOrTx } from '../../platform/db/types';
import { appLinksRepo } from './repo';

/** How many app links a project holds (e.g. for a usage summary). */
export const countAppLinks = (db: DbOrTx, projectId: string): Promise<number> => appLinksRepo.count(db, projectId);
