// `npm run runner`: a runner host of its own, for running functions on another machine.
// It serves the runner interface to the server and registers with it (docs/operations.md).
import os from 'node:os';
import path from 'node:path';
import { RunnerPool } from './pool';
import { runnerService } from './service';

const env = process.env;
const number = (name: string, fallback: number) => {
  const n = Number(env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
};

const token = env.RUNNER_TOKEN ?? '';
if (token.length < 32) {
  console.error('RUNNER_TOKEN must be set to the same secret as the server\'s, 32 characters or more (openssl rand -base64 32)');
  process.exit(1);
}
const port = number('RUNNER_PORT', 9100);
const bind = env.RUNNER_BIND ?? '0.0.0.0';
const pool = new RunnerPool({
  dir: path.resolve(env.FUNCTIONS_DIR ?? './runner-data'),
  maxRunners: number('FUNCTIONS_MAX_RUNNERS', 16),
  sparePerSize: number('FUNCTIONS_SPARE_RUNNERS', 1),
  idleMs: number('FUNCTIONS_IDLE_SECONDS', 300) * 1000,
  maxProcesses: 64,
  egress: env.FUNCTIONS_EGRESS === 'on' && { onRefused: (host, why) => console.log(`egress refused ${host}: ${why}`) },
  onError: (e) => console.error('a runner did not start:', e),
});
const server = runnerService(pool, token);
server.listen(port, bind, () => {
  const address = server.address() as { port: number };
  const url = env.RUNNER_URL ?? `http://${bind === '0.0.0.0' ? os.hostname() : bind}:${address.port}`;
  console.log(`Wharf runner host: ${url}`);
  const serverUrl = env.WHARF_SERVER_URL;
  if (!serverUrl) return console.log('WHARF_SERVER_URL is not set: the server must be told of this host (FUNCTIONS_RUNNER_URLS)');
  // Registered again every 10 s: the server forgets a host it has not heard from for 30 s.
  const register = () =>
    fetch(`${serverUrl}/runners/v1/register`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ url }) })
      .then((res) => (res.ok ? undefined : console.error(`the server refused the registration: ${res.status}`)))
      .catch((e: unknown) => console.error(`the server could not be reached: ${e instanceof Error ? e.message : e}`));
  void register();
  setInterval(register, 10_000).unref();
});

const stop = () => {
  server.close();
  void pool.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
