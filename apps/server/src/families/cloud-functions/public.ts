// What other families may use of cloud-functions: nothing else of this folder.
import type { DbOrTx } from '../../platform/db/types';
import { cloudFunctionsRepo } from './repo';

/** How many cloud functions a project holds (e.g. for a usage summary). */
export const countCloudFunctions = (db: DbOrTx, projectId: string): Promise<number> => cloudFunctionsRepo.count(db, projectId);
