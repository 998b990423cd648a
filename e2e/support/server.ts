import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, startServer } from '@wharf/server';
import { WEB_DIST_DIR } from './paths';

export interface E2eServer {
  /** `http://127.0.0.1:<port>` */
  address: string;
  close(): Promise<void>;
}

/**
 * The real server, in this process, on a free port, with a fresh embedded database in a
 * temporary directory (removed on close) and the built console.
 */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-e2e-'));
  try {
    const server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR,
        ...env,
      }),
    );
    return {
      address: server.address,
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
