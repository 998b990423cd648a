import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { loadConfig, startServer, type RunningServer } from '@wharf/server';
import { adminQuery, startBalancer, withDatabase, type Balancer } from '@wharf/server/harness';
import { launchBrowser } from './browser';
import { filledBySetup } from './journey';
import { SCREENSHOTS_DIR, WEB_DIST_DIR } from './paths';
import { TEST_ENV } from './server';

/**
 * Where the PostgreSQL of the test run is (`npm test` passes its TEST_DATABASE_URL as
 * E2E_POSTGRES_URL); without it there is no cluster to start.
 */
export const CLUSTER_DATABASE_URL = process.env.E2E_POSTGRES_URL || process.env.TEST_DATABASE_URL || null;

export interface E2eCluster {
  /** The balancer's address: what the browser opens. */
  address: string;
  balancer: Balancer;
  /** Each instance's own address, past the balancer (a test clock is per instance). */
  instances: string[];
  /** Raw SQL on the one database (tests read the mail outbox). */
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
}

/**
 * Several servers of one deployment, in this process, on a fresh PostgreSQL database and
 * one data directory (the local file store they share, as instances share S3), behind
 * the test's round-robin balancer: a browser's requests land on every instance in turn,
 * so whatever one instance hears must reach the others (pub/sub over LISTEN/NOTIFY).
 */
export function clusterEnvironment(instances: number, env: Record<string, string> = {}): { readonly browser: Browser; readonly cluster: E2eCluster } {
  const state: { browser?: Browser; cluster?: E2eCluster; servers: RunningServer[]; balancer?: Balancer; dataDir?: string; db?: string } = { servers: [] };
  beforeAll(async () => {
    const url = CLUSTER_DATABASE_URL!;
    state.browser = await launchBrowser();
    state.db = `wharf_e2e_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${state.db}`);
    state.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-e2e-cluster-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: state.dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR,
      ...TEST_ENV,
      DATABASE_URL: withDatabase(url, state.db),
      DATABASE_POOL_SIZE: '5',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      ...env,
    });
    // One after the other: the first migrates the database, the rest find it ready.
    for (let i = 0; i < instances; i += 1) state.servers.push(await startServer(config, () => undefined));
    state.balancer = await startBalancer(state.servers.map((s) => s.address));
    const first = state.servers[0]!;
    state.cluster = {
      address: state.balancer.url,
      balancer: state.balancer,
      instances: state.servers.map((s) => s.address),
      async sql<T>(text: string, values: unknown[] = []) {
        return (await first.deps.database.executeSql(text, values)).rows as T[];
      },
    };
    fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.balancer?.close();
    for (const s of state.servers) await s.close().catch(() => undefined);
    if (state.db) await adminQuery(CLUSTER_DATABASE_URL!, `DROP DATABASE IF EXISTS ${state.db} WITH (FORCE)`);
    if (state.dataDir) fs.rmSync(state.dataDir, { recursive: true, force: true });
  });
  return filledBySetup<{ browser: Browser; cluster: E2eCluster }>(state, ['browser', 'cluster']);
}
