import type { Config } from '../../config';
import { openPglite, openPostgres } from './client';
import type { Database } from './types';

export type { Database, Db, Tx, DbOrTx } from './types';

export function openDatabase(config: Pick<Config, 'database'>): Promise<Database> {
  return config.database.kind === 'postgres'
    ? openPostgres(config.database.url, config.database.poolSize)
    : openPglite(config.database.dir);
}
