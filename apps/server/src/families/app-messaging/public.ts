// What other families may use of app-messaging: nothing else of this folder.
import type { DbOrTx } from '../../platform/db/types';
import { messagesRepo } from './repo';

/** How many in-app messages an app holds. */
export const countAppMessages = (db: DbOrTx, appId: string): Promise<number> => messagesRepo.count(db, appId);
