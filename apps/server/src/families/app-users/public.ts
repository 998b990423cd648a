// What other families may use of app-users: nothing else of this folder.
import type { DbOrTx } from '../../platform/db/types';
import { appUsersRepo } from './repo';

/** How many app users a project holds (e.g. for a usage summary). */
export const countAppUsers = (db: DbOrTx, projectId: string): Promise<number> => appUsersRepo.count(db, projectId);

/** What other families (functions' auth triggers, analytics) may subscribe to. */
export { appUserCreated, appUserDeleted } from './events';
