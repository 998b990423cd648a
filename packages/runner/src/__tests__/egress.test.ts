import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bubblewrapAvailable, reachable, RunnerPool, startEgressProxy, type FunctionCode } from '../index';

// Outbound calls from a function: none at all without egress; with it, only through the
// proxy, which resolves names itself and refuses every address that is not public.

describe('addresses a function may reach', () => {
  it('are public unicast only', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1',
      '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:169.254.169.254', '64:ff9b::a00:1', '2002:a00:1::1', 'not an address']) {
      expect(reachable(a), a).toBe(false);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(reachable(a), a).toBe(true);
  });
});

const PUBLIC = '93.184.216.34';
let site: http.Server;
let sitePort = 0;
let hostService: net.Server;
const pools: RunnerPool[] = [];
const refused: string[] = [];

beforeAll(async () => {
  // "The internet": a site the proxy reaches in place of a public address.
  site = http.createServer((req, res) => res.end(`site saw ${req.method} ${req.url} host ${req.headers.host}`));
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
  sitePort = (site.address() as net.AddressInfo).port;
  // A service on the host's loopback, like PostgreSQL: nothing may reach it.
  hostService = net.createServer((s) => s.end('host service'));
  await new Promise<void>((r) => hostService.listen(0, '127.0.0.1', () => r()));
});
afterAll(async () => {
  for (const p of pools) await p.close();
  site.close();
  hostService.close();
});

const NAMES: Record<string, string[]> = { 'api.example.test': [PUBLIC], 'internal.example.test': ['10.0.0.5'], 'sneaky.example.test': [PUBLIC, '127.0.0.1'], localhost: ['127.0.0.1'] };

function pool(egress: boolean): RunnerPool {
  const p = new RunnerPool({
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-egress-')), maxRunners: 2, sparePerSize: 0, idleMs: 60_000, maxProcesses: 32,
    egress: egress && {
      lookup: async (host) => NAMES[host] ?? [],
      connect: (address, port) => (address === PUBLIC && port === 80 ? net.connect({ host: '127.0.0.1', port: sitePort }) : net.connect({ host: address, port })),
      onRefused: (host) => refused.push(host),
    },
  });
  pools.push(p);
  return p;
}

const PROBE = (hostPort: number): FunctionCode => ({
  key: 'probe', entry: 'index.js', handler: 'myHandler', memoryMb: 128, timeoutMs: 15_000, concurrency: 1, env: {},
  files: {
    'index.js': `const net = require('net');
      const get = async (url) => { try { const r = await fetch(url, { signal: AbortSignal.timeout(3000) }); return r.status + ' ' + (await r.text()).slice(0, 80); } catch (e) { return 'failed ' + ((e.cause && (e.cause.code || e.cause.message)) || e.message); } };
      const raw = (port, host) => new Promise((resolve) => { const s = net.connect(port, host); s.on('connect', () => { s.destroy(); resolve('connected'); }); s.on('error', (e) => resolve(e.code)); setTimeout(() => { s.destroy(); resolve('timeout'); }, 2000); });
      module.exports.myHandler = async () => ({
        site: await get('http://api.example.test/hello?x=1'),
        hostDb: await get('http://127.0.0.1:${hostPort}/'),
        metadata: await get('http://169.254.169.254/latest/meta-data/'),
        internal: await get('http://internal.example.test/'),
        sneaky: await get('http://sneaky.example.test/'),
        local: await get('http://localhost:${hostPort}/'),
        tls: await get('https://internal.example.test/'),
        rawDb: await raw(${hostPort}, '127.0.0.1'),
        rawMetadata: await raw(80, '169.254.169.254'),
      });`,
  },
});

/** Asks a proxy on a Unix socket: a plain request's status and body, or a tunnel's status. */
const asker = (socketPath: string) => (o: http.RequestOptions) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ socketPath, ...o }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('connect', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, body: '' });
    });
    req.on('error', reject);
    req.end();
  });

const toSite = (address: string, port: number) => (address === PUBLIC && port === 80 ? net.connect({ host: '127.0.0.1', port: sitePort }) : net.connect({ host: address, port }));

describe('the egress proxy', () => {
  it('says why it refuses, for plain requests and tunnels, and carries what it allows', async () => {
    const socketPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-proxy-')), 'egress.sock');
    const proxy = await startEgressProxy({ socketPath, lookup: async (host) => NAMES[host] ?? [], connect: toSite });
    const ask = asker(socketPath);
    try {
      expect(await ask({ path: 'http://internal.example.test/x' })).toEqual({ status: 403, body: 'egress refused internal.example.test: it resolves to 10.0.0.5, which functions may not reach' });
      expect(await ask({ path: 'http://nowhere.example.test/' })).toMatchObject({ status: 403, body: expect.stringContaining('does not resolve') });
      expect(await ask({ path: 'http://api.example.test/plain' })).toEqual({ status: 200, body: 'site saw GET /plain host api.example.test' });
      expect(await ask({ method: 'CONNECT', path: '169.254.169.254:80' })).toMatchObject({ status: 403 });
      expect(await ask({ method: 'CONNECT', path: '[::1]:5432' })).toMatchObject({ status: 403 });
      expect(await ask({ method: 'CONNECT', path: 'api.example.test:80' })).toMatchObject({ status: 200 });
    } finally {
      await proxy.close();
    }
  });

  it('limited to one host (a layer build\'s registry), reaches it on any address and refuses public others', async () => {
    const socketPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-proxy-')), 'egress.sock');
    const names: Record<string, string[]> = { ...NAMES, 'registry.internal.test': ['127.0.0.1'] };
    const proxy = await startEgressProxy({ socketPath, only: ['registry.internal.test'], lookup: async (host) => names[host] ?? [], connect: (address, port) => toSite(address, port === 81 ? sitePort : port) });
    const ask = asker(socketPath);
    try {
      expect(await ask({ path: 'http://registry.internal.test:81/tiny-pad' })).toEqual({ status: 200, body: 'site saw GET /tiny-pad host registry.internal.test:81' });
      expect(await ask({ path: 'http://api.example.test/plain' })).toMatchObject({ status: 403, body: expect.stringContaining('only registry.internal.test may be reached') });
      expect(await ask({ method: 'CONNECT', path: 'api.example.test:443' })).toMatchObject({ status: 403 });
    } finally {
      await proxy.close();
    }
  });
});

describe.skipIf(!bubblewrapAvailable())('a function calling out', () => {
  it('reaches a public address through the proxy, and nothing private, local or metadata', async () => {
    const p = pool(true);
    const port = (hostService.address() as net.AddressInfo).port;
    await p.start(PROBE(port));
    const out = await p.invoke('probe', {}, {});
    expect(out.ok, JSON.stringify(out)).toBe(true);
    const seen = (out as { result: Record<string, string> }).result;
    expect(seen.site).toBe('200 site saw GET /hello?x=1 host api.example.test');
    // fetch tunnels every call (CONNECT): a refused tunnel fails the call, and the proxy says why.
    for (const key of ['hostDb', 'metadata', 'internal', 'sneaky', 'local', 'tls']) expect(seen[key], key).toMatch(/^failed/);
    expect(seen.rawDb).toBe('ECONNREFUSED');
    expect(['ENETUNREACH', 'EHOSTUNREACH', 'timeout']).toContain(seen.rawMetadata);
    expect(refused).toEqual(expect.arrayContaining(['127.0.0.1', '169.254.169.254', 'internal.example.test', 'sneaky.example.test', 'localhost']));
  });

  it('reaches nothing at all with egress off', async () => {
    const p = pool(false);
    const port = (hostService.address() as net.AddressInfo).port;
    await p.start(PROBE(port));
    const out = await p.invoke('probe', {}, {});
    expect(out.ok, JSON.stringify(out)).toBe(true);
    const seen = (out as { result: Record<string, string> }).result;
    for (const key of ['site', 'hostDb', 'metadata', 'internal', 'local', 'tls']) expect(seen[key], key).toMatch(/^failed/);
    expect(seen.rawDb).toBe('ECONNREFUSED');
  });
});
