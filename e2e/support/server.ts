import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig, startServer, type Family } from '@wharf/server';
import { WEB_DIST_DIR } from './paths';

export interface E2eServer {
  /** `http://127.0.0.1:<port>` */
  address: string;
  /** Where user-written content is served: `http://usercontent.localhost:<port>`. */
  userContentOrigin: string;
  /** Raw SQL on the server's database (tests read the mail outbox, never the log). */
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Test settings: cheap password hashing; every browser comes from 127.0.0.1. */
export const TEST_ENV: Record<string, string> = {
  ARGON2_MEMORY_KIB: '256',
  RISK_MAX_FAILURES_PER_ADDRESS: '100000',
  RATE_LIMIT_PER_MINUTE: '0',
  DISTRIBUTION_CACHE_TTL_MS: '0',
  DISTRIBUTION_COUNTS_FLUSH_MS: '0',
  WHARF_JOBS: 'off',
  WHARF_OPERATOR_EMAIL: 'operator@example.com',
  WHARF_OPERATOR_PASSWORD: 'operator password',
};

/**
 * The real server, in this process, on a free port, with a fresh embedded database (a copy
 * of the run's migrated template) in a temporary directory (removed on close) and the
 * built console.
 */
export async function startE2eServer(env: Record<string, string> = {}, extraFamilies: readonly Family[] = []): Promise<E2eServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-e2e-'));
  try {
    // The server opens (and would migrate) its embedded database at DATA_DIR/db.
    fs.cpSync(inject('e2eDbTemplate'), path.join(dataDir, 'db'), { recursive: true });
    const server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR,
        ...TEST_ENV,
        ...env,
      }),
      () => undefined,
      { extraFamilies },
    );
    return {
      address: server.address,
      userContentOrigin: server.deps.userContent.origin,
      async sql<T>(text: string, values: unknown[] = []) {
        return (await server.deps.database.executeSql(text, values)).rows as T[];
      },
      async close() {
        try {
          await server.close();
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
