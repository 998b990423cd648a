import type { Config } from '../../config';
import { openPgliteThread, openPostgres } from './client';
import type { Database } from './types';

export type { Database, Db, Tx, DbOrTx } from './types';

/** `onRecoveredLock`: the embedded database's lock was left by a process that died. */
export function openDatabase(config: Pick<Config, 'database'>, onRecoveredLock?: (pid: number) => void): Promise<Database> {
  return config.database.kind === 'postgres'
    ? openPostgres(config.database.url, config.database.poolSize)
    : openPgliteThread(config.database.dir, onRecoveredLock ? { onRecoveredLock } : {});
}
