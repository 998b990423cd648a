import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface LocalPackage {
  name: string;
  version: string;
  /** Files besides package.json. */
  files: Record<string, string>;
  /** package.json's `scripts` (install scripts a build must not run). */
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
}

export interface LocalRegistry {
  /** The registry's address under a name tests resolve to this machine: `http://registry.test:<port>/`. */
  url: string;
  /** Its address by IP (`http://127.0.0.1:<port>/`), for a server whose builds reach it without a lookup. */
  localUrl: string;
  host: string;
  lookup: (host: string) => Promise<string[]>;
  /** Requests it answered, for tests that check what a build fetched. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * An npm registry on this machine for tests: the packages given, packed by npm itself, with
 * their metadata documents and tarballs, as a registry serves them.
 */
export async function startLocalRegistry(packages: LocalPackage[]): Promise<LocalRegistry> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-registry-'));
  const tarballs = new Map<string, Buffer>();
  const documents = new Map<string, (base: string) => object>();
  for (const p of packages) {
    const dir = path.join(work, p.name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: p.name, version: p.version, main: 'index.js', scripts: p.scripts ?? {}, dependencies: p.dependencies ?? {} }));
    for (const [file, text] of Object.entries(p.files)) fs.writeFileSync(path.join(dir, file), text);
    const file = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop()!;
    const tarball = fs.readFileSync(path.join(work, file));
    tarballs.set(`/${p.name}/-/${file}`, tarball);
    const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
    const shasum = createHash('sha1').update(tarball).digest('hex');
    documents.set(`/${p.name}`, (base) => ({
      name: p.name,
      'dist-tags': { latest: p.version },
      versions: {
        [p.version]: {
          name: p.name, version: p.version, main: 'index.js', scripts: p.scripts ?? {}, dependencies: p.dependencies ?? {},
          ...(p.scripts?.install || p.scripts?.preinstall || p.scripts?.postinstall ? { hasInstallScript: true } : {}),
          dist: { tarball: `${base}${p.name}/-/${file}`, integrity, shasum },
        },
      },
    }));
  }
  fs.rmSync(work, { recursive: true, force: true });
  const requests: string[] = [];
  let url = '';
  const server = http.createServer((req, res) => {
    const at = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(at);
    const doc = documents.get(at);
    // Tarballs are addressed the way the document was asked for (by name or by IP).
    if (doc) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc(`http://${req.headers.host ?? new URL(url).host}/`)));
    const tgz = tarballs.get(at);
    if (tgz) return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(tgz);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const host = 'registry.test';
  const port = (server.address() as net.AddressInfo).port;
  url = `http://${host}:${port}/`;
  return {
    url, host, requests, localUrl: `http://127.0.0.1:${port}/`,
    lookup: async (name) => (name === host ? ['127.0.0.1'] : []),
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
