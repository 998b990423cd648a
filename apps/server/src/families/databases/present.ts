import type { DbAccount, ProjectDatabase } from '@wharf/contract';
import type { DatabaseStats, ProjectDbCluster } from './cluster';
import type { AccountRow, DatabaseRow } from './repo';

export function databaseOut(r: DatabaseRow, cluster: ProjectDbCluster, stats: DatabaseStats | undefined, quotas: { sizeQuotaBytes: number; connectionLimit: number }): ProjectDatabase {
  return {
    databaseId: r.id,
    projectId: r.projectId,
    name: r.name,
    pgName: r.pgName,
    state: r.state as ProjectDatabase['state'],
    deleteAt: r.deleteAt?.toISOString() ?? null,
    overQuota: r.overQuota,
    host: cluster.host,
    port: cluster.port,
    sizeBytes: stats?.sizeBytes ?? null,
    sizeQuotaBytes: quotas.sizeQuotaBytes,
    connections: stats?.connections ?? null,
    connectionLimit: quotas.connectionLimit,
    createdAt: r.createdAt.toISOString(),
  };
}

export function accountOut(a: AccountRow, db: DatabaseRow, cluster: ProjectDbCluster): DbAccount {
  return {
    accountId: a.id,
    databaseId: a.databaseId,
    username: a.username,
    privilege: a.privilege as DbAccount['privilege'],
    schema: a.schema,
    connectionString: cluster.connectionString(db.pgName, a.username),
    createdAt: a.createdAt.toISOString(),
  };
}
