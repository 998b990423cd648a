// Parse Server 9 as its own process, on the PostgreSQL database it is given: Cloud DB's
// side-by-side reference in `npm run bench` (the same machine, database server and work).
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ParseServer } from 'parse-server';

const server = await ParseServer.startApp({
  databaseURI: process.env.PARSE_DATABASE_URL!,
  appId: 'bench',
  masterKey: 'bench-master-key',
  maintenanceKey: 'bench-maintenance-key',
  serverURL: 'http://127.0.0.1/parse',
  mountPath: '/parse',
  port: 0,
  host: '127.0.0.1',
  verifyServerUrl: false,
  logLevel: process.env.PARSE_VERBOSE === 'on' ? 'info' : 'error',
  silent: process.env.PARSE_VERBOSE !== 'on',
  // Its own log files, away from the working tree (PARSE_VERBOSE=on prints them too); the
  // logger made at import reads PARSE_SERVER_LOGS_FOLDER, which the bench sets to the same.
  logsFolder: process.env.PARSE_SERVER_LOGS_FOLDER ?? path.join(os.tmpdir(), 'wharf-bench-parse-logs'),
});
const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
console.log(`listening http://127.0.0.1:${port}/parse`);
