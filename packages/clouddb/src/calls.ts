/** The calls this module makes, under the gateway (a server test checks them against the contract). */
const at = (zone: string, type: string, op: string) => `/clouddb/v1/client/zones/${encodeURIComponent(zone)}/objectTypes/${encodeURIComponent(type)}/${op}`;

export const CLOUD_DB_CALLS = {
  upsert: { method: 'POST', path: '/clouddb/v1/client/zones/:zoneName/objectTypes/:objectTypeName/upsert' },
  delete: { method: 'POST', path: '/clouddb/v1/client/zones/:zoneName/objectTypes/:objectTypeName/delete' },
  query: { method: 'POST', path: '/clouddb/v1/client/zones/:zoneName/objectTypes/:objectTypeName/query' },
  aggregate: { method: 'POST', path: '/clouddb/v1/client/zones/:zoneName/objectTypes/:objectTypeName/aggregate' },
  listen: { method: 'POST', path: '/clouddb/v1/client/zones/:zoneName/objectTypes/:objectTypeName/listen' },
  commit: { method: 'POST', path: '/clouddb/v1/client/zones/:zoneName/commit' },
} as const;

export const pathOf = (op: Exclude<keyof typeof CLOUD_DB_CALLS, 'commit'>, zone: string, type: string): string => at(zone, type, op);
export const commitPath = (zone: string): string => `/clouddb/v1/client/zones/${encodeURIComponent(zone)}/commit`;
