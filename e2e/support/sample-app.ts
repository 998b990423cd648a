import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

const DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../fixtures/sample-web-app');

/**
 * The sample web app (e2e/fixtures/sample-web-app), bundled with @wharf/client and served
 * from an origin of its own, as a team's site would be: its calls to the console's server
 * are cross-origin, so they go through CORS as in production.
 */
export async function startSampleApp(): Promise<{ origin: string; close(): Promise<void> }> {
  const bundle = await build({ entryPoints: [path.join(DIR, 'main.ts')], bundle: true, write: false, format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'silent' });
  const files: Record<string, [string, string]> = {
    '/': ['text/html; charset=utf-8', await readFile(path.join(DIR, 'index.html'), 'utf8')],
    '/main.js': ['text/javascript; charset=utf-8', bundle.outputFiles[0]!.text],
  };
  const server = http.createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(file ? 200 : 404, { 'content-type': file?.[0] ?? 'text/plain' }).end(file?.[1] ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
